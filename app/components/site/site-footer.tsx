import { AgencyIdentity, useAgency } from "#app/components/site/agency-identity.tsx";
import { telHref } from "#app/domain/site/agency.ts";
import { site } from "#app/domain/site/site.ts";
import { linkPath, PRODUCTS_ANCHOR } from "#app/domain/site/site-pages.ts";
import { localizedPath } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import { LanguageSwitch } from "#app/components/site/language-switch.tsx";
import { useLocale } from "#app/hooks/use-locale.ts";
import {
  FacebookIcon,
  LinkedInIcon,
  LogoMark,
  PhoneIcon,
  XLogoIcon,
} from "#app/components/ui/icons.tsx";

/** The networks with an icon of their own; any other profile shows by its name alone. */
const SOCIAL_ICONS: Readonly<Record<string, typeof LinkedInIcon | undefined>> = {
  LinkedIn: LinkedInIcon,
  Facebook: FacebookIcon,
  X: XLogoIcon,
};

const linkClasses =
  "inline-flex min-h-6 items-center gap-2 rounded text-slate-200 underline-offset-4 hover:text-white hover:underline";

/**
 * The footer of every public page (docs/product.md, "Pages and addresses"): what the product is,
 * and from the agency's settings its social profiles, its phone (two lines where it has a second
 * for existing customers) as tel: links and its hours, each only if set; then the site's links, the
 * legal pages, the agency behind the site and the copyright.
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const locale = useLocale();
  const home = localizedPath("/", locale);
  const agency = useAgency();
  return (
    <footer className="bg-brand-900 text-slate-200 [&_:focus-visible]:outline-white">
      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-xl font-bold text-white">
            <LogoMark className="size-8" />
            {site.brand}
          </p>
          <p className="mt-3 max-w-xs">{m.site_description({}, { locale })}</p>
          {agency && agency.social.length > 0 ? (
            <ul
              className="mt-5 flex flex-wrap gap-x-4 gap-y-2"
              aria-label={m.chrome_social({}, { locale })}
            >
              {agency.social.map(({ name, href }) => {
                const SocialIcon = SOCIAL_ICONS[name];
                return (
                  <li key={href}>
                    <a href={href} className={linkClasses} rel="noopener noreferrer">
                      {SocialIcon ? <SocialIcon className="size-5" /> : null}
                      {name}
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
        <nav aria-labelledby="footer-site-heading">
          <h2 id="footer-site-heading" className="font-semibold text-white">
            {m.chrome_company({}, { locale })}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={home} className={linkClasses}>
                {m.chrome_home({}, { locale })}
              </a>
            </li>
            <li>
              <a href={`${home}#${PRODUCTS_ANCHOR}`} className={linkClasses}>
                {m.chrome_products({}, { locale })}
              </a>
            </li>
            <li>
              <a href={linkPath("/about", locale)} className={linkClasses}>
                {m.chrome_about({}, { locale })}
              </a>
            </li>
            <li>
              <a href={linkPath("/contact", locale)} className={linkClasses}>
                {m.chrome_contact({}, { locale })}
              </a>
            </li>
            <li>
              <a href={linkPath("/login", locale)} className={linkClasses}>
                {m.chrome_log_in({}, { locale })}
              </a>
            </li>
          </ul>
        </nav>
        {agency ? (
          <div>
            <h2 className="font-semibold text-white">{m.chrome_call_us({}, { locale })}</h2>
            <ul className="mt-3 space-y-2">
              {agency.servicePhone ? (
                <li>
                  <span className="block text-sm text-slate-300">
                    {m.chrome_support({}, { locale })}
                  </span>
                  <a href={telHref(agency.servicePhone)} className={linkClasses}>
                    <PhoneIcon className="size-4" />
                    {agency.servicePhone}
                  </a>
                </li>
              ) : null}
              <li>
                {agency.servicePhone ? (
                  <span className="block text-sm text-slate-300">
                    {m.chrome_sales({}, { locale })}
                  </span>
                ) : null}
                <a href={telHref(agency.phone)} className={linkClasses}>
                  <PhoneIcon className="size-4" />
                  {agency.phone}
                </a>
              </li>
            </ul>
            {agency.hours ? (
              <p className="mt-3 text-sm text-slate-300">
                {m.agency_hours({ hours: agency.hours }, { locale })}
              </p>
            ) : null}
          </div>
        ) : null}
        <nav aria-labelledby="footer-legal-heading">
          <h2 id="footer-legal-heading" className="font-semibold text-white">
            {m.chrome_legal({}, { locale })}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={linkPath("/privacy", locale)} className={linkClasses}>
                {m.chrome_privacy({}, { locale })}
              </a>
            </li>
            <li>
              <a href={linkPath("/terms", locale)} className={linkClasses}>
                {m.chrome_terms({}, { locale })}
              </a>
            </li>
            <li>
              <a href={linkPath("/cookies", locale)} className={linkClasses}>
                {m.chrome_cookies({}, { locale })}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto w-full max-w-7xl space-y-2 px-4 py-6 text-sm text-slate-300 sm:px-6 lg:px-8">
          <LanguageSwitch className={linkClasses} />
          <AgencyIdentity />
          <p>{m.chrome_copyright({ year, brand: site.brand }, { locale })}</p>
        </div>
      </div>
    </footer>
  );
}
