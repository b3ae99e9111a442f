import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

/**
 * The visitor's quotes page's parts for what a quote proposes (issue 55, decision 062): the mark a
 * surplus lines quote carries in its heading, and each surplus lines quote's notice under the
 * comparison (docs/proposal-rules.md).
 */

export function NonAdmittedMark({ heading }: { heading: { nonAdmitted: boolean } }) {
  const locale = useLocale();
  if (!heading.nonAdmitted) return null;
  return (
    <span className="mt-1 block text-xs font-semibold text-amber-900">
      {m.quotes_non_admitted({}, { locale })}
    </span>
  );
}

/** Each surplus lines quote's notice, in a section of its own; nothing when there is none. */
export function SurplusLinesNotices({
  notices,
}: {
  notices: readonly { id: string; text: string }[];
}) {
  const locale = useLocale();
  if (notices.length === 0) return null;
  return (
    <section
      aria-labelledby="surplus-notice-title"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-ink"
    >
      <h2 id="surplus-notice-title" className="font-semibold">
        {m.quotes_surplus_heading({}, { locale })}
      </h2>
      {notices.map((notice) => (
        <p key={notice.id} className="mt-2">
          {notice.text}
        </p>
      ))}
    </section>
  );
}
