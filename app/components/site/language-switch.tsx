import { useLocation, useRouteLoaderData } from "react-router";

import { LANGUAGE_NAMES } from "#app/domain/site/locales.ts";
import { alternatePaths, pagePath } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import type { RootData } from "#app/domain/site/root-data.ts";
import { useLocale } from "#app/hooks/use-locale.ts";

/**
 * A link to this same page in the site's other language, named in that language ("Español" on an
 * English page, "English" on a Spanish one), where the page has one and the site speaks it
 * (issue 31). Nothing otherwise.
 */
export function LanguageSwitch({ className }: { className: string }) {
  const locale = useLocale();
  const path = pagePath(useLocation().pathname);
  const languages = useRouteLoaderData<RootData>("root")?.languages ?? [];
  const others = alternatePaths(path, languages).filter((page) => page.locale !== locale);
  if (others.length === 0) return null;
  return (
    <nav aria-label={m.chrome_language({}, { locale })}>
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        {others.map((page) => (
          <li key={page.locale}>
            <a href={page.path} hrefLang={page.locale} lang={page.locale} className={className}>
              {LANGUAGE_NAMES[page.locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
