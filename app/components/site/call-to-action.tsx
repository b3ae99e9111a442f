import { linkPath, QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import { useLocale } from "#app/hooks/use-locale.ts";
import { buttonClasses } from "#app/components/ui/button.ts";
import { ArrowRightIcon } from "#app/components/ui/icons.tsx";

import { TalkToExpertButton } from "#app/components/site/talk-to-expert.tsx";

/**
 * The closing call to action of the landing page and the product pages: Get a quote (the spec's
 * "Get Instant Quote", issue 26) and Talk to an Expert (docs/product.md, "Pages and addresses").
 */
export function CallToAction({
  title,
  text,
  product,
}: {
  title: string;
  text: string;
  /** The product page it is on, passed on with a call-back request. */
  product?: string;
}) {
  const locale = useLocale();
  return (
    <section aria-labelledby="cta-title" className="bg-brand-800 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 text-lg text-brand-100">{text}</p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <a href={linkPath(QUOTE_PATH, locale)} className={buttonClasses("inverse", "lg")}>
            {m.quote_link({}, { locale })}
            <ArrowRightIcon className="size-5" />
          </a>
          <TalkToExpertButton
            product={product}
            className={buttonClasses("outline-inverse", "lg")}
          />
        </div>
      </div>
    </section>
  );
}
