import { useLocation } from "react-router";

import { m } from "#app/paraglide/messages.js";
import { localizedPath } from "#app/domain/site/locales.ts";
import { telHref } from "#app/domain/site/agency.ts";
import { site } from "#app/domain/site/site.ts";
import { isWizardPath, linkPath, QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { buttonClasses } from "#app/components/ui/button.ts";
import { LogoMark, MenuIcon, PhoneIcon, SparkIcon } from "#app/components/ui/icons.tsx";

import { useAgency } from "#app/components/site/agency-identity.tsx";
import { SIDE_MENU_ID, SideMenu } from "#app/components/site/side-menu.tsx";
import { SiteScript } from "#app/components/site/site-script.tsx";

/**
 * The fixed header of every public page (docs/product.md, "Pages and addresses"): a skip link, the menu button (with the
 * side menu it opens), the product name, Log in and Get a quote. During the wizard, where the
 * visitor is already applying, Get a quote gives way to help: the agency's phone, a tap to call
 * (issues 26 and 53; none on an error screen that has no agency). The page below it gives its main element id="main" (the skip link's target) and a top
 * padding of `pt-header`.
 */
export function SiteHeader() {
  const inWizard = isWizardPath(useLocation().pathname);
  const locale = useLocale();
  const agency = useAgency();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {m.chrome_skip_to_main({}, { locale })}
      </a>
      <header className="fixed inset-x-0 top-0 z-40 h-header border-b border-line bg-white">
        <div className="mx-auto flex h-full w-full max-w-7xl items-center gap-1 px-2 sm:gap-3 sm:px-6 lg:px-8">
          <button
            type="button"
            popoverTarget={SIDE_MENU_ID}
            className={buttonClasses("ghost", "compact")}
            data-side-menu-button=""
          >
            <MenuIcon className="size-6" />
            {m.chrome_menu({}, { locale })}
          </button>
          <a
            href={localizedPath("/", locale)}
            className="flex items-center gap-2 rounded-lg p-1 text-xl font-bold text-ink"
          >
            <LogoMark className="size-8" />
            <span className="max-sm:sr-only">{site.brand}</span>
          </a>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <a href={linkPath("/login", locale)} className={buttonClasses("ghost", "compact")}>
              {m.chrome_log_in({}, { locale })}
            </a>
            {inWizard ? (
              agency ? (
                <a href={telHref(agency.phone)} className={buttonClasses("secondary", "compact")}>
                  <PhoneIcon className="size-4" />
                  {/* One flex item, so that the spaces stay in the link's name at every width, which
                    is always all of it: on a phone the link says Call, from 640 px the number,
                    from 768 px both. */}
                  <span>
                    <span className="max-md:sr-only">{m.chrome_questions({}, { locale })}</span>{" "}
                    <span className="sm:max-md:sr-only">{m.chrome_call({}, { locale })}</span>{" "}
                    <span className="max-sm:sr-only">{agency.phone}</span>
                  </span>
                </a>
              ) : null
            ) : (
              <a
                href={linkPath(QUOTE_PATH, locale)}
                className={buttonClasses("primary", "compact")}
                data-spin-icon-every-minute
              >
                {/* Below 640 px the words alone, so that the header fits 360 px in every
                    language ("Pedir cotización" ran past the screen's edge, issue 53). */}
                <SparkIcon className="size-4 motion-safe:animate-spin-once max-sm:hidden" />
                {m.quote_link({}, { locale })}
              </a>
            )}
          </div>
        </div>
      </header>
      <SideMenu />
      <SiteScript />
    </>
  );
}
