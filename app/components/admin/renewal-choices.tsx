import { FormProblem } from "#app/components/admin/admin-ui.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import { possessive } from "#app/domain/site/possessive.ts";

/**
 * The two ways to work a renewal request at the desk (decision 073): renew as is, which copies last
 * term's bound quote as a draft to change to the insurer's renewal offer, or remarket, which is
 * adding other insurers' quotes with the form below. Either way nothing reaches the customer until
 * the quotes are published.
 */
export function RenewalChoices({
  renews,
  problem,
}: {
  renews: { number: string; end: string; insurer: string };
  problem: string | undefined;
}) {
  return (
    <section aria-labelledby="renewal-choices" className="mt-8">
      <h2 id="renewal-choices" className="text-lg font-semibold text-ink">
        Renew policy {renews.number}
      </h2>
      <p className="mt-1 text-ink">
        {possessive(renews.insurer)} policy {renews.number} ends {renews.end}. Renew it as is with{" "}
        {renews.insurer}, or remarket it: add other insurers&apos; quotes with the form below,
        beside or instead of {possessive(renews.insurer)} renewal offer.
      </p>
      <form method="post" className="mt-3">
        <button
          type="submit"
          name="intent"
          value="renew-as-is"
          className={buttonClasses("secondary", "sm")}
        >
          Renew as is
        </button>
        <p className="mt-1 text-sm text-muted">
          Copies last term&apos;s {renews.insurer} quote as a draft for a term starting {renews.end}
          , with last term&apos;s limits and figures: change them to the insurer&apos;s renewal
          offer before you publish it.
        </p>
        <FormProblem problem={problem} className="mt-2" />
      </form>
    </section>
  );
}
