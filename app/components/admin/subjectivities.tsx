import { buttonClasses, FormProblem } from "#app/components/admin/admin-ui.tsx";
import { DeskTable } from "#app/components/admin/desk-table.tsx";
import {
  SUBJECTIVITY_TIMINGS,
  type TrackedSubjectivity,
} from "#app/domain/quote/quote-proposal.ts";

/**
 * What the insurer still needs (issue 55, decision 062): each subjectivity with its quote, when it
 * is needed and its due day, received or not, and those past their due day flagged in words. On
 * the quotes page each has a form to mark it received, or outstanding again (`markable`); the
 * lead's page lists them and links to the quotes page.
 */
export function Subjectivities({
  items,
  markable,
  quotesHref,
  problem,
}: {
  items: readonly TrackedSubjectivity[];
  markable: boolean;
  quotesHref?: string;
  problem?: string;
}) {
  if (items.length === 0) return null;
  const overdue = items.filter((item) => item.overdue).length;
  return (
    <section id="subjectivities" aria-labelledby="subjectivities-title" className="mt-8 print:mt-3">
      <h2 id="subjectivities-title" className="text-lg font-semibold text-ink print:text-sm">
        Subjectivities
      </h2>
      <p className="mt-1 text-sm text-muted">
        What the insurer still needs.{" "}
        {overdue > 0 ? (
          <strong className="text-red-800">
            {overdue === 1 ? "1 is overdue." : `${overdue} are overdue.`}
          </strong>
        ) : (
          "None is overdue."
        )}
        {quotesHref ? (
          <>
            {" "}
            <a href={quotesHref} className="font-semibold text-brand-700 underline">
              Mark them received on the quotes page
            </a>
          </>
        ) : null}
      </p>
      <FormProblem problem={problem} className="mt-2" />
      <DeskTable
        caption="Subjectivities: what the insurer still needs, by when"
        columns={[
          { label: "What the insurer needs", rowHeader: true, cell: (item) => item.text },
          { label: "Quote", cell: (item) => item.insurer },
          {
            label: "Needed",
            cell: (item) =>
              SUBJECTIVITY_TIMINGS.find((timing) => timing.id === item.timing)?.label ??
              item.timing,
          },
          { label: "Due", nowrap: true, cell: (item) => item.due },
          {
            label: "Where it stands",
            cell: (item) =>
              item.receivedOn ? (
                `Received on ${item.receivedOn}`
              ) : item.overdue ? (
                <strong className="text-red-800">Overdue</strong>
              ) : (
                "Outstanding"
              ),
          },
          ...(markable
            ? [
                {
                  label: "Action",
                  cell: (item: TrackedSubjectivity) => (
                    <form method="post">
                      <input type="hidden" name="intent" value="subjectivity" />
                      <input type="hidden" name="id" value={item.quoteId} />
                      <input type="hidden" name="index" value={item.index} />
                      <input type="hidden" name="received" value={item.receivedOn ? "no" : "yes"} />
                      <button type="submit" className={buttonClasses("secondary", "sm")}>
                        {item.receivedOn ? "Mark outstanding" : "Mark received"}
                        <span className="sr-only">: {item.text}</span>
                      </button>
                    </form>
                  ),
                },
              ]
            : []),
        ]}
        rows={items}
        rowKey={(item) => `${item.quoteId}-${item.index}`}
      />
    </section>
  );
}
