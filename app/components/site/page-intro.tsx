/**
 * The top of a simple page (about, contact, legal): its h1 and a sentence or two, as wide as the
 * content below it (narrow: Prose; wide: two columns).
 */
export function PageIntro({
  title,
  width = "narrow",
  children,
}: {
  title: string;
  width?: "narrow" | "wide";
  children?: React.ReactNode;
}) {
  return (
    <div className="border-b border-line bg-brand-50">
      <div
        className={`mx-auto w-full px-4 py-12 sm:px-6 sm:py-16 ${width === "wide" ? "max-w-6xl" : "max-w-4xl"}`}
      >
        <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-muted">{children}</div> : null}
      </div>
    </div>
  );
}

/** The body of a simple page: a readable column with spaced headings, paragraphs and lists. */
export function Prose({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink [&_h2:first-child]:mt-0 [&_li]:mt-2 [&_p]:mt-4 [&_p]:text-muted [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:text-muted">
      {children}
    </div>
  );
}
