import { describeLifetime, SITE_COOKIES } from "#app/domain/site/site-cookies.ts";
import { site } from "#app/domain/site/site.ts";
import { linkPath, QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import { localizedPageMeta } from "#app/components/site/page-meta.ts";
import { PageIntro, Prose } from "#app/components/site/page-intro.tsx";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { useLocale } from "#app/hooks/use-locale.ts";

import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = (args) =>
  localizedPageMeta(args, (locale) => ({
    path: "/cookies",
    title: m.cookies_title({}, { locale }),
    description: m.cookies_meta_description({ brand: site.brand }, { locale }),
  }));

/** Every cookie the site sets, from the one list the server's cookies come from (decision 014). */
export default function Cookies() {
  const locale = useLocale();
  return (
    <>
      <PageIntro title={m.cookies_title({}, { locale })}>
        <p>{m.cookies_intro({}, { locale })}</p>
      </PageIntro>
      <Prose>
        <h2>{m.cookies_pages_title({}, { locale })}</h2>
        <p>{m.cookies_pages_text({}, { locale })}</p>
        <h2>{m.cookies_set_title({}, { locale })}</h2>
        <p>
          {withSlots(m.cookies_set_text({ start: slot("start") }, { locale }), {
            start: (
              <a href={linkPath(QUOTE_PATH, locale)}>{m.cookies_start_quote({}, { locale })}</a>
            ),
          })}
        </p>
        <ul className="list-none! space-y-4 pl-0!">
          {Object.values(SITE_COOKIES).map((cookie) => (
            <li key={cookie.name} className="rounded-2xl border border-line bg-white p-5">
              <h3 className="text-lg font-semibold text-ink">
                <code>{cookie.name}</code>
              </h3>
              <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[11rem_1fr] sm:gap-y-3">
                <dt className="font-medium text-ink">{m.cookies_purpose({}, { locale })}</dt>
                <dd className="max-sm:mb-2">{cookie.purpose({}, { locale })}</dd>
                <dt className="font-medium text-ink">{m.cookies_who({}, { locale })}</dt>
                <dd className="max-sm:mb-2">{cookie.setFor({}, { locale })}</dd>
                <dt className="font-medium text-ink">{m.cookies_how_long({}, { locale })}</dt>
                <dd>{describeLifetime(cookie.maxAgeSeconds, locale)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p>{m.cookies_first_party({}, { locale })}</p>
        <h2>{m.cookies_no_tracking_title({}, { locale })}</h2>
        <p>{m.cookies_no_tracking_text({}, { locale })}</p>
        <h2>{m.cookies_choices_title({}, { locale })}</h2>
        <p>{m.cookies_choices_text({}, { locale })}</p>
      </Prose>
    </>
  );
}
