import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { StepFrame } from "#app/components/wizard/step-frame.tsx";
import { POLICY_PATH } from "#app/domain/quote/bind-requests.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import type { WizardScreen } from "#app/domain/wizard/wizard-screens.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

/**
 * What the pages after the request say to a browser that has not proved the application's email
 * (decision 030): why nothing is shown, and how to get a link.
 */
export function ProvenOnlyNotice({
  step,
  title,
  held,
  phone,
}: {
  step: WizardScreen;
  title: string;
  /** What is held back and why, in the page's language (`m.proven_only_quotes`). */
  held: string;
  phone: string;
}) {
  const locale = useLocale();
  return (
    <StepFrame step={step} title={title}>
      <p className="text-ink">{held}</p>
      <p className="mt-4 text-ink">
        {withSlots(m.proven_only_open_link({ link: slot("link"), phone }, { locale }), {
          link: (
            <a href={linkPath("/login", locale)} className="font-semibold text-brand-700 underline">
              {m.proven_only_new_link({}, { locale })}
            </a>
          ),
        })}
      </p>
    </StepFrame>
  );
}

/**
 * What a page about the policy (a certificate, the renewal) says to a proven visitor with no bound
 * policy: why there is nothing to do yet, and the way back to "Your policy".
 */
export function NoBoundPolicy({
  title,
  message,
  phone,
}: {
  title: string;
  /** Why there is nothing to do, in the page's language. */
  message: string;
  phone: string;
}) {
  const locale = useLocale();
  const words = { locale };
  return (
    <StepFrame step="policy" title={title}>
      <p className="text-ink">
        {message} {m.email_questions_call({ phone }, words)}
      </p>
      <a
        href={linkPath(POLICY_PATH, locale)}
        className="mt-6 inline-block font-semibold text-brand-700 underline"
      >
        {m.policy_title({}, words)}
      </a>
    </StepFrame>
  );
}
