import type { Faq } from "#app/domain/product-pages.ts";
import { ChevronDownIcon } from "#app/components/ui/icons.tsx";

const summaryClasses =
  "flex w-full items-center justify-between gap-4 rounded-lg px-5 py-4 text-left text-lg font-semibold text-ink hover:text-brand-700";

function Answer({ children }: { children: React.ReactNode }) {
  return <div className="px-5 pb-5 text-muted">{children}</div>;
}

/**
 * The Common Questions accordion: one <details> per question, so any number can be open at once
 * and it works without JavaScript. An optional group (workers' comp's "Workers Comp FAQ") comes
 * first as one entry holding its own questions.
 */
export function FaqAccordion({
  faqs,
  group,
}: {
  faqs: readonly Faq[];
  group?: { title: string; faqs: readonly Faq[] };
}) {
  return (
    <div className="divide-y divide-line rounded-2xl border border-line bg-white">
      {group ? (
        <details className="group">
          <summary className={summaryClasses}>
            {group.title}
            <ChevronDownIcon className="size-5 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <Answer>
            <dl className="space-y-4">
              {group.faqs.map((faq) => (
                <div key={faq.question}>
                  <dt className="font-semibold text-ink">{faq.question}</dt>
                  <dd className="mt-1">{faq.answer}</dd>
                </div>
              ))}
            </dl>
          </Answer>
        </details>
      ) : null}
      {faqs.map((faq) => (
        <details key={faq.question} className="group">
          <summary className={summaryClasses}>
            {faq.question}
            <ChevronDownIcon className="size-5 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <Answer>
            <p>{faq.answer}</p>
          </Answer>
        </details>
      ))}
    </div>
  );
}
