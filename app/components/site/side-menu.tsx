import { useLocation } from "react-router";

import { MENU_PRODUCT_LINES } from "#app/domain/reference/products.ts";
import { linkPath, pagePath, productPath, QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { localizedPath } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import { useLocale } from "#app/hooks/use-locale.ts";
import { site } from "#app/domain/site/site.ts";
import { buttonClasses } from "#app/components/ui/button.ts";
import { ChevronDownIcon, CloseIcon, LogoMark } from "#app/components/ui/icons.tsx";

/** The id of the side menu's popover: the header's menu button opens it. */
export const SIDE_MENU_ID = "site-menu";

const linkClasses =
  "flex w-full items-center rounded-lg px-3 text-ink hover:bg-brand-50 hover:text-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700";
const itemClasses = `${linkClasses} min-h-11 text-base font-medium`;
const productItemClasses = `${linkClasses} min-h-10 text-[0.9375rem]`;

/**
 * The side menu (docs/product.md, "Pages and addresses"): Home, Products (expands to the nine lines), About Us, Contact,
 * Log in and Get a quote. A popover, so that it opens, closes on Escape or a click outside
 * and returns focus to the menu button without JavaScript; the site script adds a focus trap and
 * closes it when an item is chosen.
 */
export function SideMenu() {
  const pathname = pagePath(useLocation().pathname);
  const current = (path: string) => (path === pathname ? "page" : undefined);
  const locale = useLocale();
  const home = localizedPath("/", locale);
  return (
    <nav
      id={SIDE_MENU_ID}
      popover="auto"
      aria-label={m.chrome_site_menu({}, { locale })}
      data-side-menu=""
      className="fixed inset-y-0 right-auto left-0 m-0 h-dvh max-h-none w-80 max-w-[calc(100vw-2.5rem)] -translate-x-full flex-col overflow-y-auto border-0 bg-white p-0 text-ink shadow-2xl transition-[translate,display,overlay] transition-discrete duration-300 ease-out backdrop:bg-ink/40 open:flex open:translate-x-0 starting:open:-translate-x-full"
    >
      <div className="flex h-header shrink-0 items-center justify-between border-b border-line px-4">
        <span className="flex items-center gap-2 text-lg font-bold">
          <LogoMark className="size-7" />
          {site.brand}
        </span>
        <button
          type="button"
          popoverTarget={SIDE_MENU_ID}
          popoverTargetAction="hide"
          className={buttonClasses("ghost", "sm")}
        >
          <CloseIcon className="size-5" />
          {m.chrome_close({}, { locale })}
        </button>
      </div>
      <ul className="flex flex-1 flex-col gap-1 px-3 py-4">
        <li>
          <a href={home} className={itemClasses} aria-current={current(home)}>
            {m.chrome_home({}, { locale })}
          </a>
        </li>
        <li>
          {/* Open on a product page, so that the current line shows. */}
          <details
            className="group"
            open={MENU_PRODUCT_LINES.some(
              (line) => linkPath(productPath(line.slug), locale) === pathname,
            )}
          >
            <summary className={`${itemClasses} justify-between`}>
              {m.chrome_products({}, { locale })}
              <ChevronDownIcon className="size-5 transition-transform group-open:rotate-180" />
            </summary>
            <ul className="mt-1 ml-3 flex flex-col gap-0.5 border-l border-line pl-3">
              {MENU_PRODUCT_LINES.map((line) => (
                <li key={line.slug}>
                  <a
                    href={linkPath(productPath(line.slug), locale)}
                    className={productItemClasses}
                    aria-current={current(linkPath(productPath(line.slug), locale))}
                  >
                    {line.term({}, { locale })}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </li>
        <li>
          <a
            href={linkPath("/about", locale)}
            className={itemClasses}
            aria-current={current(linkPath("/about", locale))}
          >
            {m.chrome_about({}, { locale })}
          </a>
        </li>
        <li>
          <a
            href={linkPath("/contact", locale)}
            className={itemClasses}
            aria-current={current(linkPath("/contact", locale))}
          >
            {m.chrome_contact({}, { locale })}
          </a>
        </li>
        <li>
          <a
            href={linkPath("/login", locale)}
            className={itemClasses}
            aria-current={current(linkPath("/login", locale))}
          >
            {m.chrome_log_in({}, { locale })}
          </a>
        </li>
      </ul>
      <div className="shrink-0 border-t border-line p-4">
        <a
          href={linkPath(QUOTE_PATH, locale)}
          className={`${buttonClasses("primary", "md")} w-full`}
        >
          {m.quote_link({}, { locale })}
        </a>
      </div>
    </nav>
  );
}
