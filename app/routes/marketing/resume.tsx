import { data, Form, redirect } from "react-router";

import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { agencyFromMatches, pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { PageIntro } from "#app/components/site/page-intro.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import {
  localeOfPath,
  localizedPath,
  type Locale,
  type Message,
} from "#app/domain/site/locales.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { site } from "#app/domain/site/site.ts";
import { RESUME_LINK_DAYS } from "#app/domain/wizard/resume-links.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { isLinkToken } from "#app/domain/values/link-tokens.ts";
import { firstIncompleteStep } from "#app/domain/wizard/wizard-steps.ts";
import {
  checkResumeLink,
  draftForLink,
  redeemResumeLink,
  type LinkOpens,
  type LinkState,
} from "#app/server/wizard/resume-tokens.server.ts";
import { linkDestination } from "#app/server/leads/insurer-quote-store.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { replaceDraft } from "#app/server/wizard/wizard-drafts.server.ts";

import type { Route } from "./+types/resume";
import { requestLocale } from "#app/server/http/site-languages.server.ts";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  return pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    agency: agencyFromMatches(matches),
    path: localizedPath("/resume", locale),
    title: m.resume_meta_title({}, { locale }),
    description: m.resume_meta_description({ brand: site.brand }, { locale }),
    noindex: true,
  });
};

/** What the link is; opening it changes nothing (mail scanners open links too). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isLinkToken(params.token)) return { state: "invalid" as const };
  const link = await checkResumeLink(getServices(context).database.db, params.token);
  return link.state === "valid" ? { state: link.state, opens: link.opens } : { state: link.state };
}

/**
 * Uses the link: this browser gets the application as its wizard draft (decision 013) and goes to
 * the first step still missing, or to the summary of a complete application; a link from "Your
 * quotes are ready" goes to the quotes (issue 29).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const db = services.database.db;
  const link = isLinkToken(params.token) ? await redeemResumeLink(db, params.token) : undefined;
  if (!link) {
    const refused: LinkState = isLinkToken(params.token)
      ? await checkResumeLink(db, params.token)
      : { state: "invalid" };
    return data({ state: refused.state }, { status: 410 });
  }
  // What the link's own session or the email's holder wrote, never a later overwrite by others.
  const draft = await draftForLink(db, link);
  const cookie = await replaceDraft(services, request, draft);
  const target = await linkDestination(
    db,
    link,
    firstIncompleteStep(draft, new Date().getFullYear()),
  );
  // To the page in the link's language, where it has one (linkPath).
  return redirect(linkPath(target, requestLocale(request)), {
    headers: { "Set-Cookie": cookie },
  });
}

/** Why a link cannot be used, in a language. */
function refusal(state: Exclude<LinkState["state"], "valid">, locale: Locale): string {
  if (state === "expired") return m.resume_expired({ days: RESUME_LINK_DAYS }, { locale });
  return (state === "used" ? m.resume_used : m.resume_invalid)({}, { locale });
}

/** What a good link opens: the page's title, its words and its button. */
const OPENS = {
  application: {
    title: m.resume_application_title,
    body: m.resume_application_body,
    button: m.resume_application_button,
  },
  quotes: {
    title: m.resume_quotes_title,
    body: m.resume_quotes_body,
    button: m.resume_quotes_button,
  },
  policy: {
    title: m.resume_policy_title,
    body: m.resume_policy_body,
    button: m.resume_policy_button,
  },
  renewal: {
    title: m.resume_renewal_title,
    body: m.resume_renewal_body,
    button: m.resume_renewal_button,
  },
} satisfies Record<LinkOpens, Record<"title" | "body" | "button", Message>>;

export default function Resume({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const say = (message: Message) => message({}, { locale });
  const state = actionData?.state ?? loaderData.state;
  if (state !== "valid") {
    return (
      <>
        <PageIntro title={say(m.resume_refused_title)}>
          <p>{refusal(state, locale)}</p>
        </PageIntro>
        <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
          <a href={linkPath("/login", locale)} className={buttonClasses("primary", "lg")}>
            {say(m.resume_new_link)}
          </a>
        </div>
      </>
    );
  }
  const words = OPENS[loaderData.opens ?? "application"];
  return (
    <>
      <PageIntro title={say(words.title)}>
        <p>{say(words.body)}</p>
      </PageIntro>
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <Form method="post" className="relative">
          <HoneypotField />
          <button type="submit" className={buttonClasses("primary", "lg")}>
            {say(words.button)}
          </button>
        </Form>
      </div>
    </>
  );
}
