import { HONEYPOT_FIELD } from "#app/domain/site/honeypot.ts";
import { m } from "#app/paraglide/messages.js";
import { useLocale } from "#app/hooks/use-locale.ts";

/**
 * A field that people never see or reach (off screen, out of the tab order, hidden from assistive
 * technology) and that form-filling bots do fill in. Put it in every public form.
 */
export function HoneypotField() {
  const locale = useLocale();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {m.honeypot_label({}, { locale })}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
