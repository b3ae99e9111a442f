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
import { resumeSubjectOf, type ResumeSubject } from "#app/domain/wizard/resume-links.ts";
import type { WizardDraft } from "#app/domain/wizard/wizard-draft.ts";
import { stageLanding } from "#app/domain/wizard/wizard-screens.ts";
import type { Db } from "#app/server/db/database.server.ts";
import {
  checkResumeLink,
  draftForLink,
  draftLinkWouldRestore,
  redeemResumeLink,
  type LinkState,
} from "#app/server/wizard/resume-tokens.server.ts";
import { applicationStage, linkDestination } from "#app/server/wizard/application-stage.server.ts";
import type { LinkOpens } from "#app/domain/wizard/resume-links.ts";
import { getServices } from "#app/server/services.server.ts";
import { getDraft, replaceDraft } from "#app/server/wizard/wizard-drafts.server.ts";

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

/**
 * What the link is; opening it changes nothing (mail scanners open links too). A link to an
 * application says what it opens where the customer is now: the application, its plan, its quotes
 * or its policy (issue 53).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isLinkToken(params.token)) return { state: "invalid" as const };
  const db = getServices(context).database.db;
  const link = await checkResumeLink(db, params.token);
  if (link.state !== "valid") return { state: link.state };
  return { state: link.state, opens: await linkWords(db, link) };
}

/** What a good link's page calls what it opens. */
async function linkWords(
  db: Db,
  link: { opens: LinkOpens; submissionId: string },
): Promise<ResumeWords> {
  if (link.opens !== "application") return link.opens;
  return resumeSubjectOf(await applicationStage(db, link.submissionId));
}

/** An application as the question names it: its business and its email. */
function applicationNamed(draft: WizardDraft): { business: string | null; email: string } {
  const business = draft.answers?.businessName;
  return {
    business: typeof business === "string" && business !== "" ? business : null,
    email: draft.submission?.email ?? draft.email ?? "",
  };
}

/**
 * Uses the link: this browser gets the application as its wizard draft (decision 013) and goes to
 * where the customer is (linkDestination): the first step still missing, the plan, the quotes or
 * the policy. A browser that holds another application is asked first which to continue with
 * (issue 53): the link is used only if the visitor says so (`choice=link`); with `choice=keep` the
 * browser keeps its own application, goes back to it, and the link stays unused.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const db = services.database.db;
  const locale = requestLocale(request);
  const refuse = async () => {
    const refused: LinkState = isLinkToken(params.token)
      ? await checkResumeLink(db, params.token)
      : { state: "invalid" };
    return data({ state: refused.state }, { status: 410 });
  };
  if (!isLinkToken(params.token)) return refuse();
  const checked = await checkResumeLink(db, params.token);
  if (checked.state !== "valid") return refuse();
  const choice = (await request.formData()).get(CHOICE_FIELD);
  const held = await getDraft(services, request);
  const heldId = held.draft.submission?.id;
  if (heldId !== undefined && heldId !== checked.submissionId) {
    if (choice === CHOICES.keep) {
      const next = firstIncompleteStep(held.draft, new Date().getFullYear());
      const target = held.draft.submission?.emailProven
        ? await linkDestination(db, { opens: "application", submissionId: heldId }, next)
        : stageLanding("application", next);
      return redirect(linkPath(target, locale));
    }
    if (choice !== CHOICES.link) {
      // Each named by what it holds: the link's by the draft it would restore.
      const linked = await draftLinkWouldRestore(db, params.token);
      if (!linked) return refuse();
      return {
        state: "choose" as const,
        held: applicationNamed(held.draft),
        linked: applicationNamed(linked),
      };
    }
  }
  const link = await redeemResumeLink(db, params.token);
  if (!link) return refuse();
  // What the link's own session or the email's holder wrote, never a later overwrite by others.
  const draft = await draftForLink(db, link);
  const cookie = await replaceDraft(services, request, draft);
  const target = await linkDestination(
    db,
    link,
    firstIncompleteStep(draft, new Date().getFullYear()),
  );
  // To the page in the link's language, where it has one (linkPath).
  return redirect(linkPath(target, locale), {
    headers: { "Set-Cookie": cookie },
  });
}

/** The field by which the visitor says which application to continue with, and its values. */
const CHOICE_FIELD = "choice";
const CHOICES = { link: "link", keep: "keep" } as const;

/** Why a link cannot be used, in a language. */
function refusal(state: Exclude<LinkState["state"], "valid">, locale: Locale): string {
  if (state === "expired") return m.resume_expired({ days: RESUME_LINK_DAYS }, { locale });
  return (state === "used" ? m.resume_used : m.resume_invalid)({}, { locale });
}

/** What a good link's page says it opens (an application link's by the customer's stage). */
type ResumeWords = Exclude<LinkOpens, "application"> | ResumeSubject;

/** What a good link opens: the page's title, its words and its button. */
const OPENS = {
  plan: {
    title: m.resume_plan_title,
    body: m.resume_plan_body,
    button: m.resume_plan_button,
  },
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
} satisfies Record<ResumeWords, Record<"title" | "body" | "button", Message>>;

export default function Resume({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const say = (message: Message) => message({}, { locale });
  if (actionData?.state === "choose") {
    return <ChooseApplication held={actionData.held} linked={actionData.linked} />;
  }
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

/** An application as the question names it. */
function named(application: { business: string | null; email: string }, locale: Locale): string {
  return application.business === null
    ? m.resume_choose_unnamed({ email: application.email }, { locale })
    : m.resume_choose_application(
        { business: application.business, email: application.email },
        { locale },
      );
}

/**
 * The question a link asks a browser that holds another application (issue 53): which one to
 * continue with. One form, two buttons; it works without JavaScript.
 */
function ChooseApplication({
  held,
  linked,
}: {
  held: { business: string | null; email: string };
  linked: { business: string | null; email: string };
}) {
  const locale = useLocale();
  const say = (message: Message) => message({}, { locale });
  return (
    <>
      <PageIntro title={say(m.resume_choose_title)}>
        <p>{say(m.resume_choose_body)}</p>
      </PageIntro>
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <ul className="space-y-2 text-ink">
          <li>{m.resume_choose_held({ application: named(held, locale) }, { locale })}</li>
          <li>{m.resume_choose_linked({ application: named(linked, locale) }, { locale })}</li>
        </ul>
        <Form method="post" className="relative mt-8 flex flex-wrap gap-3">
          <HoneypotField />
          <button
            type="submit"
            name={CHOICE_FIELD}
            value={CHOICES.keep}
            className={buttonClasses("primary", "lg")}
          >
            {say(m.resume_choose_keep)}
          </button>
          <button
            type="submit"
            name={CHOICE_FIELD}
            value={CHOICES.link}
            className={buttonClasses("secondary", "lg")}
          >
            {say(m.resume_choose_take_link)}
          </button>
        </Form>
        <p className="mt-4 text-muted">{say(m.resume_choose_keep_note)}</p>
      </div>
    </>
  );
}
