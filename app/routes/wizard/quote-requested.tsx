import { redirect } from "react-router";

import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import {
  EMAILED_PARAM,
  lineName,
  startDateText,
  whatHappensNext,
} from "#app/domain/quote/quote-request.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { QUOTE_STEP_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import { latestQuoteRequest } from "#app/server/wizard/quote-requests.server.ts";
import { requireCompletedApplication } from "#app/server/wizard/quote-step.server.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/quote-requested";

export const meta: Route.MetaFunction = (args) =>
  ui.localizedWizardMeta(args, m.requested_meta_title);

/** The request just made (or updated) for this browser's application; none yet: the plan. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { submission } = await requireCompletedApplication(services, request);
  const locale = requestLocale(request);
  const latest = await latestQuoteRequest(services.database.db, submission.id);
  if (!latest) throw redirect(linkPath(QUOTE_STEP_PATH, locale));
  return {
    reference: latest.reference,
    lines: latest.lines.map((slug) => lineName(slug, locale)),
    startDate: startDateText(latest.startDate, locale),
    next: whatHappensNext(latest.contactChannel, getAgency(context), locale),
    // Where the confirmation email went, when the request's redirect says one was queued: the
    // address this session saved its application under (only ever this session's own).
    sentTo: new URL(request.url).searchParams.has(EMAILED_PARAM) ? submission.email : undefined,
    // Saved again after it was made: the visitor asked again, and the same request was updated.
    updated: latest.updatedAt.getTime() > latest.createdAt.getTime(),
    // A renewal request (decision 047) says so.
    renewal: latest.renewsBindRequestId !== null,
  };
}

const TITLES = {
  quote: { made: m.requested_title_quote, updated: m.requested_title_quote_updated },
  renewal: { made: m.requested_title_renewal, updated: m.requested_title_renewal_updated },
};

export default function QuoteRequested({ loaderData }: Route.ComponentProps) {
  const { reference, updated, renewal } = loaderData;
  const locale = useLocale();
  const words = { locale };
  const title = TITLES[renewal ? "renewal" : "quote"][updated ? "updated" : "made"];
  return (
    <ui.StepFrame step="quote" title={title({}, words)}>
      <p className="text-ink">{m.requested_reference({}, words)}</p>
      <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-ink">{reference}</p>
      <p className="mt-2 text-sm text-muted">{m.requested_keep_reference({}, words)}</p>
      {updated ? <p className="mt-4 text-ink">{m.requested_updated({}, words)}</p> : null}

      <h2 className="mt-8 text-lg font-semibold text-ink">{m.requested_next_heading({}, words)}</h2>
      <p className="mt-2 text-ink">{loaderData.next}</p>
      {loaderData.sentTo ? (
        <p className="mt-2 text-ink">
          {withSlots(m.requested_emailing({ email: slot("email") }, words), {
            email: <strong className="break-all">{loaderData.sentTo}</strong>,
          })}
        </p>
      ) : null}

      <h2 className="mt-8 text-lg font-semibold text-ink">
        {m.requested_asked_heading({}, words)}
      </h2>
      <ul className="mt-2 list-inside list-disc text-ink">
        {loaderData.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-2 text-ink">
        {m.requested_start_date({ date: loaderData.startDate }, words)}
      </p>

      <a
        href={linkPath(QUOTE_STEP_PATH, locale)}
        className="mt-8 inline-block rounded-lg border border-slate-300 px-6 py-3 font-semibold text-ink hover:bg-slate-50"
      >
        {m.requested_back_to_plan({}, words)}
      </a>
    </ui.StepFrame>
  );
}
