import { getProductPage } from "#app/domain/reference/product-pages.ts";
import { applyTime, PRODUCT_LINES } from "#app/domain/reference/products.ts";
import { linkPath, productPath } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import { useLocale } from "#app/hooks/use-locale.ts";
import { buttonClasses } from "#app/components/ui/button.ts";
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon } from "#app/components/ui/icons.tsx";

const TRACK_ID = "coverage-carousel-track";

/**
 * The landing page's ten coverage types (docs/product.md, "Numbers and limits"): a row that scrolls and snaps with CSS,
 * showing 1, 2, 3 or 4 cards by screen width. The site script adds the looping previous and next
 * buttons, arrow keys and mouse drag; without it the row still scrolls, by touch, trackpad,
 * scroll bar or by tabbing through the links.
 */
export function ProductCarousel() {
  const locale = useLocale();
  return (
    <div
      data-carousel=""
      role="region"
      aria-roledescription={m.carousel_role({}, { locale })}
      aria-label={m.carousel_label({}, { locale })}
    >
      <div data-carousel-controls="" className="flex justify-end gap-2">
        <button
          type="button"
          data-carousel-previous=""
          aria-controls={TRACK_ID}
          className={buttonClasses("secondary", "sm")}
        >
          <ChevronLeftIcon className="size-5" />
          {m.carousel_previous({}, { locale })}
        </button>
        <button
          type="button"
          data-carousel-next=""
          aria-controls={TRACK_ID}
          className={buttonClasses("secondary", "sm")}
        >
          {m.carousel_next({}, { locale })}
          <ChevronRightIcon className="size-5" />
        </button>
      </div>
      <ul
        id={TRACK_ID}
        data-carousel-track=""
        className="-mx-2 mt-4 flex snap-x snap-proximity scroll-px-2 overflow-x-auto overscroll-x-contain pt-2 pb-6"
      >
        {PRODUCT_LINES.map((line, index) => (
          <li
            key={line.slug}
            aria-roledescription={m.carousel_slide_role({}, { locale })}
            aria-label={m.carousel_slide(
              { number: index + 1, count: PRODUCT_LINES.length },
              { locale },
            )}
            className="flex shrink-0 basis-full snap-start px-2 md:basis-1/2 lg:basis-1/3 xl:basis-1/4"
          >
            <article className="flex w-full flex-col rounded-2xl border border-line bg-white p-6 shadow-sm">
              <h3 className="text-xl font-semibold text-ink">{line.term({}, { locale })}</h3>
              <p className="mt-3 mb-6 flex-1 text-muted">
                {getProductPage(line.slug).summary({}, { locale })}
              </p>
              <span className="has-tooltip relative self-start">
                <a
                  href={linkPath(productPath(line.slug), locale)}
                  aria-describedby={`${line.slug}-tooltip`}
                  className="inline-flex min-h-11 items-center gap-1.5 rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline"
                >
                  {m.carousel_learn_more({}, { locale })}
                  <span className="sr-only">
                    {" "}
                    {m.carousel_learn_more_about(
                      { product: line.term({}, { locale }) },
                      { locale },
                    )}
                  </span>
                  <ArrowRightIcon className="size-4" />
                </a>
                <span
                  id={`${line.slug}-tooltip`}
                  role="tooltip"
                  className="tooltip absolute bottom-full left-0 z-10 mb-1 w-max max-w-56 rounded-lg bg-ink px-3 py-2 text-sm text-white shadow-lg"
                >
                  {m.carousel_apply_in({ time: applyTime(line, locale) }, { locale })}
                </span>
              </span>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
