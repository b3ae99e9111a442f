import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";

import { useEffect } from "react";

import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";
import faviconDataUrl from "./assets/favicon.svg?inline";
import { useNonce } from "#app/components/nonce-provider.tsx";
import { errorPageMeta, languagesFromMatches } from "#app/components/site/page-meta.ts";
import { SiteChrome } from "#app/components/site/site-chrome.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import type { RootData } from "#app/domain/site/root-data.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { languagesStamp } from "#app/domain/site/locales.ts";
import { refusal as refusalIn } from "#app/domain/site/messages.ts";
import { localizedPath, pageLocale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import { site } from "#app/domain/site/site.ts";
import { guardPosts, sendRefusalHeaders } from "#app/server/http/guards.server.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { getSiteUrl } from "#app/server/http/site-url.server.ts";
import { getSiteLanguages } from "#app/server/http/site-languages.server.ts";

/**
 * The site's one stylesheet, as a React stylesheet resource (`precedence`): React puts it first in
 * <head>, ahead of scripts and preloads, so that the browser asks for it first (decision 010).
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheetUrl, precedence: "default" },
];

/**
 * A route module's `handle`: `hydrate: true` ships React to the browser for that page. A wizard
 * module that uses conform's hooks says `true` when its forms are checked as they are typed, or
 * `false` when the server checks them as they are sent (decisions 077 and 078).
 */
export interface RouteHandle {
  hydrate?: boolean;
}

function useHydration(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = useHydration();
  const locale = useLocale();
  const languages = useRouteLoaderData<typeof loader>("root")?.languages;
  return (
    <html lang={locale} data-languages={languages ? languagesStamp(languages) : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* In the page itself (some 400 bytes): a first visit makes no request for it. */}
        <link rel="icon" href={faviconDataUrl} type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans antialiased">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** Every post is checked before any action sees it (docs/decisions/README.md, "Security by default"). */
export const middleware: Route.MiddlewareFunction[] = [sendRefusalHeaders, guardPosts];

/**
 * The site's public address (SITE_URL), for every page's canonical link and structured data, the
 * agency every footer names, and the languages the site speaks (the language switch, alternates).
 */
export function loader({ context }: Route.LoaderArgs): RootData & { siteUrl: string } {
  return {
    siteUrl: getSiteUrl(context),
    agency: getAgency(context),
    languages: getSiteLanguages(context),
  };
}

/** Only used when the root itself renders the error screen (page routes have their own meta). */
export const meta: Route.MetaFunction = ({ error, location, matches }) => {
  if (!error) return [];
  const locale = pageLocale(location.pathname, languagesFromMatches(matches));
  const refusal = isRouteErrorResponse(error) ? refusalIn(error.status, locale) : undefined;
  if (refusal) {
    return [{ title: `${refusal.title} | ${site.brand}` }, { name: "robots", content: "noindex" }];
  }
  return errorPageMeta(isRouteErrorResponse(error) && error.status === 404, locale);
};

export default function App() {
  // Marks the page as taken over by React (decision 027: a hydrating page fetches its scripts only
  // after its largest paint, so this comes a moment after the page can be read and used).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return <Outlet />;
}

/**
 * The not-found page ("404", "Oops! Page not found", "Return to Home") and the screen titled
 * "Unexpected Application Error!" (docs/product.md, "Pages and addresses" and "Messages"), inside the site's header and footer.
 * The error's stack shows in development only.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const location = useLocation();
  const locale = useLocale();
  const refusal = isRouteErrorResponse(error) ? refusalIn(error.status, locale) : undefined;
  if (refusal) {
    return (
      <SiteChrome>
        <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {refusal.title}
          </h1>
          <p className="mt-4 text-muted">{refusal.body}</p>
          <a href={location.pathname} className={`${buttonClasses("primary", "lg")} mt-8`}>
            {m.error_back_to_page({}, { locale })}
          </a>
        </div>
      </SiteChrome>
    );
  }
  return (
    <SiteChrome>
      <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
        {notFound ? (
          <>
            <h1 className="text-7xl font-extrabold tracking-tight text-brand-700 sm:text-8xl">
              404
            </h1>
            <p className="mt-4 text-2xl font-semibold text-ink">
              {m.error_not_found({}, { locale })}
            </p>
            <p className="mt-3 text-muted">{m.error_not_found_text({}, { locale })}</p>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              {m.error_unexpected_title({}, { locale })}
            </h1>
            <p className="mt-4 text-muted">{m.error_unexpected_text({}, { locale })}</p>
            {import.meta.env.DEV && error instanceof Error ? (
              <pre className="mt-6 overflow-x-auto text-left text-sm">{error.stack}</pre>
            ) : null}
          </>
        )}
        <a href={localizedPath("/", locale)} className={`${buttonClasses("primary", "lg")} mt-8`}>
          {m.error_return_home({}, { locale })}
        </a>
      </div>
    </SiteChrome>
  );
}
