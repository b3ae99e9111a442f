import { site } from "#app/domain/site/site.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import { localizedPageMeta } from "#app/components/site/page-meta.ts";
import { PageIntro, Prose } from "#app/components/site/page-intro.tsx";
import { SupportOrMessage } from "#app/components/site/support-or-message.tsx";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { useLocale } from "#app/hooks/use-locale.ts";

import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  localizedPageMeta(args, (locale) => ({
    path: "/terms",
    title: m.terms_title({}, { locale }),
    description: m.terms_meta_description({ brand: site.brand }, { locale }),
  }));

export default function Terms() {
  const locale = useLocale();
  return (
    <>
      <PageIntro title={m.terms_title({}, { locale })}>
        <p>{m.terms_intro({}, { locale })}</p>
      </PageIntro>
      <Prose>
        <h2>{m.terms_what_title({}, { locale })}</h2>
        <p>{m.terms_what_text({ brand: site.brand }, { locale })}</p>
        <h2>{m.terms_quotes_title({}, { locale })}</h2>
        <ul>
          <li>{m.terms_quotes_1({}, { locale })}</li>
          <li>{m.terms_quotes_2({}, { locale })}</li>
          <li>{m.terms_quotes_3({}, { locale })}</li>
        </ul>
        <h2>{m.terms_information_title({}, { locale })}</h2>
        <p>
          {withSlots(m.terms_information_text({ privacy: slot("privacy") }, { locale }), {
            privacy: <a href={linkPath("/privacy", locale)}>{m.privacy_policy({}, { locale })}</a>,
          })}
        </p>
        <h2>{m.terms_fair_title({}, { locale })}</h2>
        <p>{m.terms_fair_text({}, { locale })}</p>
        <h2>{m.terms_changes_title({}, { locale })}</h2>
        <p>{m.terms_changes_text({}, { locale })}</p>
        <h2>{m.terms_questions_title({}, { locale })}</h2>
        <p>
          <SupportOrMessage message={m.legal_call_or_write} />
        </p>
      </Prose>
    </>
  );
}
