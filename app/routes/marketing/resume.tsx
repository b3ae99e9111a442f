import { data, Form, redirect } from "react-router";

import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { PageIntro } from "#app/components/site/page-intro.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import { messages } from "#app/domain/site/messages.ts";
import { isLinkToken } from "#app/domain/values/link-tokens.ts";
import { firstIncompleteStep } from "#app/domain/wizard/wizard-steps.ts";
import {
  checkResumeLink,
  draftForLink,
  redeemResumeLink,
  type LinkState,
} from "#app/server/wizard/resume-tokens.server.ts";
import { linkDestination } from "#app/server/leads/insurer-quote-store.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { replaceDraft } from "#app/server/wizard/wizard-drafts.server.ts";

import type { Route } from "./+types/resume";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: "/resume",
    title: "Continue your application",
    description: "Pick up your CoverPilot application where you left off.",
    noindex: true,
  });

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
  return redirect(target, {
    headers: { "Set-Cookie": cookie },
  });
}

const REFUSALS: Record<Exclude<LinkState["state"], "valid">, string> = {
  expired: messages.resumeLinkExpired,
  used: messages.resumeLinkUsed,
  invalid: messages.resumeLinkInvalid,
};

export default function Resume({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state !== "valid") {
    return (
      <>
        <PageIntro title="This link can't be used">
          <p>{REFUSALS[state]}</p>
        </PageIntro>
        <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
          <a href="/login" className={buttonClasses("primary", "lg")}>
            Send me a new link
          </a>
        </div>
      </>
    );
  }
  const words = {
    application: {
      title: "Continue your application",
      body: "Pick up where you left off. Everything you saved is waiting for you.",
      button: "Continue my application",
    },
    quotes: {
      title: "See your quotes",
      body: "Your quote request is waiting for you: your agent's quotes side by side, their questions and your documents.",
      button: "See my quotes",
    },
    policy: {
      title: "See your policy",
      body: "Your policy and its documents are waiting for you.",
      button: "See my policy",
    },
    renewal: {
      title: "Renew your policy",
      body: "Tell us what has changed in your business, and we will ask for your renewal quotes.",
      button: "Start my renewal request",
    },
  }[loaderData.opens ?? "application"];
  return (
    <>
      <PageIntro title={words.title}>
        <p>{words.body}</p>
      </PageIntro>
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <Form method="post" className="relative">
          <HoneypotField />
          <button type="submit" className={buttonClasses("primary", "lg")}>
            {words.button}
          </button>
        </Form>
      </div>
    </>
  );
}
