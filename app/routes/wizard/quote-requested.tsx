import { redirect } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import {
  EMAILED_PARAM,
  lineName,
  startDateText,
  whatHappensNext,
} from "#app/domain/quote/quote-request.ts";
import { QUOTE_STEP_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { latestQuoteRequest } from "#app/server/wizard/quote-requests.server.ts";
import { requireCompletedApplication } from "#app/server/wizard/quote-step.server.ts";
import { getAgency } from "#app/server/agency-settings.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/quote-requested";

export const meta: Route.MetaFunction = () => ui.wizardMeta("Your quote request");

/** The request just made (or updated) for this browser's application; none yet: the plan. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { submission } = await requireCompletedApplication(services, request);
  const latest = await latestQuoteRequest(services.database.db, submission.id);
  if (!latest) throw redirect(QUOTE_STEP_PATH);
  return {
    reference: latest.reference,
    lines: latest.lines.map((slug) => lineName(slug)),
    startDate: startDateText(latest.startDate),
    next: whatHappensNext(latest.contactChannel, getAgency(context)),
    // Where the confirmation email went, when the request's redirect says one was queued: the
    // address this session saved its application under (only ever this session's own).
    sentTo: new URL(request.url).searchParams.has(EMAILED_PARAM) ? submission.email : undefined,
    // Saved again after it was made: the visitor asked again, and the same request was updated.
    updated: latest.updatedAt.getTime() > latest.createdAt.getTime(),
    // A renewal request (decision 047) says so.
    renewal: latest.renewsBindRequestId !== null,
  };
}

export default function QuoteRequested({ loaderData }: Route.ComponentProps) {
  const { reference, updated, renewal } = loaderData;
  const what = renewal ? "renewal request" : "quote request";
  return (
    <ui.StepFrame
      step="quote"
      title={updated ? `We've updated your ${what}` : `We've got your ${what}`}
    >
      <p className="text-ink">Your reference</p>
      <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-ink">{reference}</p>
      <p className="mt-2 text-sm text-muted">
        Keep it: the agent uses it when they contact you, and you can quote it if you call us.
      </p>
      {updated ? (
        <p className="mt-4 text-ink">
          You had asked for quotes already, so we updated that request rather than making a new one.
        </p>
      ) : null}

      <h2 className="mt-8 text-lg font-semibold text-ink">What happens next</h2>
      <p className="mt-2 text-ink">{loaderData.next}</p>
      {loaderData.sentTo ? (
        <p className="mt-2 text-ink">
          We&apos;re emailing a copy of this request to{" "}
          <strong className="break-all">{loaderData.sentTo}</strong>.
        </p>
      ) : null}

      <h2 className="mt-8 text-lg font-semibold text-ink">What you asked for</h2>
      <ul className="mt-2 list-inside list-disc text-ink">
        {loaderData.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-2 text-ink">Preferred start date: {loaderData.startDate}</p>

      <a
        href={QUOTE_STEP_PATH}
        className="mt-8 inline-block rounded-lg border border-slate-300 px-6 py-3 font-semibold text-ink hover:bg-slate-50"
      >
        Back to your coverage plan
      </a>
    </ui.StepFrame>
  );
}
