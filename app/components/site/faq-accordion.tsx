import type { Faq } from "#app/domain/reference/product-pages.ts";
import type { Message } from "#app/domain/site/locales.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { ChevronDownIcon } from "#app/components/ui/icons.tsx";

const summaryClasses =
  "flex w-full items-center justify-between gap-4 rounded-lg px-5 py-4 text-left text-lg font-semibold text-ink hover:text-brand-700";

function Answer({ children }: { children: React.ReactNode }) {
  return <div className="px-5 pb-5 text-muted">{children}</div>;
}

/**
 * The Common Questions accordion: one <details> per question, so any number can be open at once
 * and it works without JavaScript. An optional group (workers' comp's "Workers' Compensation FAQ")
 * comes first as one entry holding its own questions: its summary is a heading, and its questions
 * are headings under it, so that it reads as a section, not as one more question.
 */
export function FaqAccordion({
  faqs,
  group,
}: {
  faqs: readonly Faq[];
  group?: { title: Message; faqs: readonly Faq[] };
}) {
  const locale = useLocale();
  const words = (message: Message) => message({}, { locale });
  return (
    <div className="divide-y divide-line rounded-2xl border border-line bg-white">
      {group ? (
        <details className="group">
          <summary className={`${summaryClasses} bg-brand-50`}>
            <h3 className="text-lg font-bold text-brand-800">{words(group.title)}</h3>
            <ChevronDownIcon className="size-5 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <Answer>
            <div className="space-y-4 pt-4">
              {group.faqs.map((faq) => (
                <div key={words(faq.question)}>
                  <h4 className="font-semibold text-ink">{words(faq.question)}</h4>
                  <p className="mt-1">{words(faq.answer)}</p>
                </div>
              ))}
            </div>
          </Answer>
        </details>
      ) : null}
      {faqs.map((faq) => (
        <details key={words(faq.question)} className="group">
          <summary className={summaryClasses}>
            {words(faq.question)}
            <ChevronDownIcon className="size-5 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <Answer>
            <p>{words(faq.answer)}</p>
          </Answer>
        </details>
      ))}
    </div>
  );
}
