import { messages } from "#app/domain/messages.ts";
import { TOAST_CLOSES_AFTER_MS } from "#app/domain/toast.ts";
import { APPLICATION_SAVED_ID } from "#app/domain/wizard.ts";

/**
 * The spec's "Your information has been saved successfully!" on the home page, where the wizard
 * ends (at /#application-saved). CSS shows it for that fragment (:target), so the page stays static
 * and it works without JavaScript; following "Dismiss" changes the fragment and hides it. It sits
 * above the hero, in the flow of the page, covering nothing; the site script closes it after a few
 * seconds, like the wizard's success toasts.
 */
export function ApplicationSavedNotice() {
  return (
    <div
      id={APPLICATION_SAVED_ID}
      data-closes-after={TOAST_CLOSES_AFTER_MS}
      className="hidden justify-center bg-brand-50 px-4 pt-6 target:flex"
    >
      <div
        role="status"
        data-toast="success"
        className="flex w-full max-w-md items-start gap-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900 shadow-sm"
      >
        <p className="flex-1 text-sm font-medium">{messages.applicationSaved}</p>
        <a href="#main" className="text-sm font-semibold underline">
          Dismiss
        </a>
      </div>
    </div>
  );
}
