import {
  activeProgressStep,
  PROGRESS_STEPS,
  type ApplicationStage,
  type ProgressStep,
  type WizardScreen,
} from "#app/domain/wizard/wizard-screens.ts";
import type { Message } from "#app/domain/site/locales.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

/** Each progress step's label. */
const PROGRESS_LABELS: Record<ProgressStep, Message> = {
  Start: m.wizard_progress_start,
  Coverage: m.wizard_progress_coverage,
  Application: m.wizard_progress_application,
  Quote: m.wizard_progress_quote,
  Purchase: m.wizard_progress_purchase,
};

/**
 * The wizard's five labelled steps (docs/product.md, "Pages and addresses"): the screen's step is active
 * (aria-current="step"), the ones before it complete, announced as such. A screen that shows
 * where the customer is passes the application's `stage`, which the bar never marks behind.
 */
export function ProgressBar({ step, stage }: { step: WizardScreen; stage?: ApplicationStage }) {
  const locale = useLocale();
  const active = activeProgressStep(step, stage);
  const activeIndex = active ? PROGRESS_STEPS.indexOf(active) : PROGRESS_STEPS.length;
  return (
    <nav aria-label={m.wizard_progress({}, { locale })} className="mb-8">
      <ol className="flex items-start justify-between gap-1">
        {PROGRESS_STEPS.map((progressStep, index) => {
          const complete = index < activeIndex;
          const active = index === activeIndex;
          return (
            <li
              key={progressStep}
              aria-current={active ? "step" : undefined}
              className="flex flex-1 flex-col items-center gap-2 text-center"
            >
              <span
                aria-hidden="true"
                className={
                  "flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold " +
                  (complete
                    ? "border-brand-700 bg-brand-700 text-white"
                    : active
                      ? "border-brand-700 bg-white text-brand-700"
                      : "border-slate-300 bg-white text-slate-600")
                }
              >
                {complete ? "✓" : index + 1}
              </span>
              <span
                className={
                  "text-xs sm:text-sm " +
                  (active ? "font-semibold text-ink" : complete ? "text-ink" : "text-slate-600")
                }
              >
                {PROGRESS_LABELS[progressStep]({}, { locale })}
                {complete ? (
                  <span className="sr-only"> {m.wizard_progress_completed({}, { locale })}</span>
                ) : null}
                {active ? (
                  <span className="sr-only"> {m.wizard_progress_current({}, { locale })}</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
