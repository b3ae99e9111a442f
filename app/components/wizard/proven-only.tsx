import { StepFrame } from "#app/components/wizard/step-frame.tsx";
import type { WizardScreen } from "#app/domain/wizard/wizard-screens.ts";

/**
 * What the pages after the request say to a browser that has not proved the application's email
 * (decision 030): why nothing is shown, and how to get a link.
 */
export function ProvenOnlyNotice({
  step,
  title,
  subject,
  phone,
}: {
  step: WizardScreen;
  title: string;
  /** What is held back, as the sentence's subject: "Your quotes are", "Your policy is". */
  subject: string;
  phone: string;
}) {
  return (
    <StepFrame step={step} title={title}>
      <p className="text-ink">
        {subject} shown only in a browser that has opened the link we emailed you, so that nobody
        else who knows your email address can see them.
      </p>
      <p className="mt-4 text-ink">
        Open the link in our email, or{" "}
        <a href="/login" className="font-semibold text-brand-700 underline">
          ask for a new link
        </a>
        . Questions? Call us on {phone}.
      </p>
    </StepFrame>
  );
}
