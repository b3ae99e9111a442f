import { anyLineApplyTime, PRODUCT_LINES } from "#app/domain/reference/products.ts";

import { linkPath, QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { site } from "#app/domain/site/site.ts";
import { m } from "#app/paraglide/messages.js";
import { localizedPageMeta } from "#app/components/site/page-meta.ts";
import { PageIntro, Prose } from "#app/components/site/page-intro.tsx";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { useLocale } from "#app/hooks/use-locale.ts";
import { useAgency } from "#app/components/site/agency-identity.tsx";
import { telHref } from "#app/domain/site/agency.ts";

import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  localizedPageMeta(args, (locale) => ({
    path: "/about",
    title: m.about_title({}, { locale }),
    description: m.about_meta_description(
      { brand: site.brand, time: anyLineApplyTime(locale) },
      { locale },
    ),
  }));

export default function About() {
  const locale = useLocale();
  const time = anyLineApplyTime(locale);
  const agency = useAgency();
  return (
    <>
      <PageIntro title={m.about_heading({ brand: site.brand }, { locale })}>
        <p>{m.about_intro({}, { locale })}</p>
      </PageIntro>
      <Prose>
        <h2>{m.about_what_we_do({}, { locale })}</h2>
        <p>{m.about_what_we_do_text({ brand: site.brand }, { locale })}</p>
        <p>{m.about_lines({ count: PRODUCT_LINES.length }, { locale })}</p>
        <h2>{m.about_how_it_works({}, { locale })}</h2>
        <ul>
          <li>{m.about_step_apply({ time }, { locale })}</li>
          <li>{m.about_step_quotes({}, { locale })}</li>
          <li>{m.about_step_covered({}, { locale })}</li>
        </ul>
        <h2>{m.about_people({}, { locale })}</h2>
        <p>
          {withSlots(
            m.about_people_text({ phone: slot("phone"), message: slot("message") }, { locale }),
            {
              phone: agency ? <a href={telHref(agency.phone)}>{agency.phone}</a> : null,
              message: (
                <a href={linkPath("/contact", locale)}>{m.about_send_message({}, { locale })}</a>
              ),
            },
          )}
          {agency?.hours ? ` ${m.agency_hours({ hours: agency.hours }, { locale })}` : null}
        </p>
        <p>
          {withSlots(m.about_ready({ start: slot("start") }, { locale }), {
            start: <a href={linkPath(QUOTE_PATH, locale)}>{m.about_start_quote({}, { locale })}</a>,
          })}
        </p>
      </Prose>
    </>
  );
}
