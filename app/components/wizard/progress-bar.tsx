import {
  activeProgressStep,
  PROGRESS_STEPS,
  type WizardScreen,
} from "#app/domain/wizard/wizard-screens.ts";

/**
 * The wizard's five labelled steps (docs/product.md, "Pages and addresses"): the screen's step is active
 * (aria-current="step"), the ones before it complete, announced as such.
 */
export function ProgressBar({ step }: { step: WizardScreen }) {
  const active = activeProgressStep(step);
  const activeIndex = active ? PROGRESS_STEPS.indexOf(active) : PROGRESS_STEPS.length;
  return (
    <nav aria-label="Application progress" className="mb-8">
      <ol className="flex items-start justify-between gap-1">
        {PROGRESS_STEPS.map((label, index) => {
          const complete = index < activeIndex;
          const active = index === activeIndex;
          return (
            <li
              key={label}
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
                {label}
                {complete ? <span className="sr-only"> (completed)</span> : null}
                {active ? <span className="sr-only"> (current step)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
