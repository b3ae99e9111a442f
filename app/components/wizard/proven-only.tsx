import { StepFrame } from "#app/components/wizard/step-frame.tsx";
import { POLICY_PATH } from "#app/domain/quote/bind-requests.ts";
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
  message: string;
  phone: string;
}) {
  return (
    <StepFrame step="policy" title={title}>
      <p className="text-ink">
        {message} Questions? Call us on {phone}.
      </p>
      <a href={POLICY_PATH} className="mt-6 inline-block font-semibold text-brand-700 underline">
        Your policy
      </a>
    </StepFrame>
  );
}
