import { data, redirect } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import {
  comparisonRows,
  declineFormSchema,
  declineMessages,
  declineReasonLabel,
  DECLINE_REASONS,
  QUOTES_PATH,
  isExpired,
  quoteKindWords,
  formatCents,
  type ComparisonRow,
} from "#app/domain/quote/insurer-quotes.ts";
import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import { SUMMARY_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getAgency } from "#app/server/agency-settings.server.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import {
  declineInsurerQuotes,
  listInsurerQuotes,
} from "#app/server/leads/insurer-quote-store.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import { writerOf } from "#app/server/wizard/step-engine.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { latestQuoteRequest } from "#app/server/wizard/quote-requests.server.ts";
import { getDraft } from "#app/server/wizard/wizard-drafts.server.ts";

import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = () => ui.wizardMeta("Your quotes");

/**
 * The agency's published quotes for this browser's application, side by side (issue 29). Shown
 * only to a browser that proved the application's email by opening a link sent to it (decision
 * 030): "Your quotes are ready" carries one. Anyone else is told how to get that link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { draft } = await getDraft(services, request);
  const agency = getAgency(context);
  const submission = draft.submission;
  if (!submission?.emailProven) return { state: "not-proven" as const, phone: agency.phone };
  const { db } = services.database;
  const quoteRequest = await latestQuoteRequest(db, submission.id);
  const quotes = quoteRequest ? await listInsurerQuotes(db, quoteRequest.id, "published") : [];
  if (!quoteRequest || quotes.length === 0) {
    return { state: "none-yet" as const, phone: agency.phone, reference: quoteRequest?.reference };
  }
  const today = dayIn(new Date(), services.env.AGENCY_TIME_ZONE);
  return {
    state: "quotes" as const,
    phone: agency.phone,
    reference: quoteRequest.reference,
    open: isOpenQuoteStatus(quoteRequest.status),
    declined:
      quoteRequest.status === "lost" && quoteRequest.lostReason !== null
        ? { reason: declineReasonLabel(quoteRequest.lostReason) }
        : undefined,
    headings: quotes.map((quote) => ({
      id: quote.id,
      insurer: quote.insurer,
      estimate: quote.kind === "estimate",
      kindWords: quoteKindWords(quote.kind),
      premium: formatCents(quote.premiumCents),
      expired: isExpired(quote, today),
    })),
    rows: comparisonRows(quotes, quoteRequest.lines, today),
  };
}

/**
 * "None of these suit me": the visitor declines every quote, with an optional reason (issue 29).
 * Only a browser that proved the email may; the request becomes Lost and the agency is told.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const handle = await getDraft(services, request);
  const submission = handle.draft.submission;
  if (!submission?.emailProven) throw data(null, { status: 403 });
  const formData = await request.formData();
  if (formData.get("intent") !== "decline") throw data(null, { status: 400 });
  const parsed = parseForm(formData, declineFormSchema);
  if (parsed.status !== "success") {
    return data({ problem: parsed.error?.reason?.[0] ?? declineMessages.notOpen }, { status: 400 });
  }
  const { db } = services.database;
  const quoteRequest = await latestQuoteRequest(db, submission.id);
  if (!quoteRequest) throw data(null, { status: 404 });
  const outcome = await declineInsurerQuotes(
    db,
    { id: quoteRequest.id, submissionId: submission.id, reference: quoteRequest.reference },
    parsed.value.reason ?? null,
    writerOf(context, handle),
  );
  if (outcome !== "declined") {
    return data({ problem: declineMessages.notOpen }, { status: 409 });
  }
  await queueLeadEvent(services, "quote_request.lost", submission.id);
  return redirect(QUOTES_PATH);
}

function DiffersMark({ row }: { row: ComparisonRow }) {
  if (!row.differs) return null;
  return (
    <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      Differs
    </span>
  );
}

function DeclineForm({ problem }: { problem: string | undefined }) {
  return (
    <details className="mt-8 rounded-xl border border-slate-200 p-4" open={problem !== undefined}>
      <summary className="cursor-pointer font-semibold text-ink">None of these suit me</summary>
      <form method="post" className="mt-3">
        <fieldset>
          <legend className="text-ink">
            Tell us why, if you like (optional). Your agent will not quote this request again.
          </legend>
          {DECLINE_REASONS.map((reason) => (
            <label key={reason.id} className="mt-2 flex items-center gap-2 text-ink">
              <input type="radio" name="reason" value={reason.id} className="size-5" />
              {reason.label}
            </label>
          ))}
        </fieldset>
        {problem ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {problem}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="decline"
          className="mt-4 rounded-lg border border-slate-400 px-5 py-3 font-semibold text-ink hover:bg-slate-50"
        >
          Decline all quotes
        </button>
      </form>
    </details>
  );
}

export default function Quotes({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "not-proven") {
    return (
      <ui.StepFrame step="quotes" title="Your quotes">
        <p className="text-ink">
          Your quotes are shown only in a browser that has opened the link we emailed you, so that
          nobody else who knows your email address can read them.
        </p>
        <p className="mt-4 text-ink">
          Open the link in the email &ldquo;Your quotes are ready&rdquo;, or{" "}
          <a href="/login" className="font-semibold text-brand-700 underline">
            ask for a new link
          </a>
          . Questions? Call us on {loaderData.phone}.
        </p>
      </ui.StepFrame>
    );
  }
  if (loaderData.state === "none-yet") {
    return (
      <ui.StepFrame step="quotes" title="Your quotes">
        <p className="text-ink">
          {loaderData.reference
            ? `Your agent is still gathering quotes for your request ${loaderData.reference}.`
            : "You have not asked for quotes yet."}{" "}
          We email you as soon as they are ready. Questions? Call us on {loaderData.phone}.
        </p>
      </ui.StepFrame>
    );
  }
  const { headings, rows } = loaderData;
  return (
    <ui.StepFrame
      step="quotes"
      width="wide"
      title="Your quotes, side by side"
      intro={
        <p>
          For your request {loaderData.reference}: each insurer&apos;s price and cover, as the
          insurer quoted them. Rows where the quotes differ are marked &ldquo;Differs&rdquo;.
          Nothing is bought until you ask us to bind a quote and we confirm it in writing.
        </p>
      }
    >
      {/* Wide screens: one table, a column per quote. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Your quotes compared, a column per quote</caption>
          <thead>
            <tr>
              <td className="border-b border-slate-200 p-3" />
              {headings.map((heading) => (
                <th
                  key={heading.id}
                  scope="col"
                  className="border-b border-slate-200 p-3 align-bottom text-base text-ink"
                >
                  {heading.insurer}
                  <span className="block text-xl font-bold">{heading.premium}</span>
                  {heading.estimate ? (
                    <span className="mt-1 block text-xs font-semibold text-amber-900">
                      Estimate
                    </span>
                  ) : null}
                  {heading.expired ? (
                    <span className="mt-1 block text-xs font-semibold text-red-800">Expired</span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className={row.differs ? "bg-amber-50" : undefined}>
                <th scope="row" className="border-b border-slate-200 p-3 font-semibold text-ink">
                  {row.label}
                  <DiffersMark row={row} />
                </th>
                {row.values.map((value, index) => (
                  <td key={headings[index]?.id} className="border-b border-slate-200 p-3 text-ink">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Phones: a card per quote, the same rows. */}
      <ol className="space-y-4 md:hidden">
        {headings.map((heading, index) => (
          <li key={heading.id} className="rounded-xl border border-slate-200 p-4">
            <h2 className="text-lg font-semibold text-ink">
              {heading.insurer}: {heading.premium}
            </h2>
            {heading.expired ? (
              <p className="mt-1 text-sm font-semibold text-red-800">Expired</p>
            ) : null}
            <dl className="mt-2 divide-y divide-slate-200">
              {rows.map((row) => (
                <div key={row.label} className="py-2">
                  <dt className="text-sm font-semibold text-ink">
                    {row.label}
                    <DiffersMark row={row} />
                  </dt>
                  <dd className="text-ink">{row.values[index]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
      {loaderData.declined ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-slate-300 bg-slate-50 p-4 text-ink"
        >
          {declineMessages.declined} (Your reason: {loaderData.declined.reason}.)
        </p>
      ) : loaderData.open ? (
        <DeclineForm problem={actionData?.problem} />
      ) : null}
      {loaderData.open ? (
        <p className="mt-6 text-ink">
          To go ahead with one of these quotes, call us on {loaderData.phone} and give your
          reference, {loaderData.reference}. Cover starts only when we confirm it in writing.
        </p>
      ) : null}
      <p className="mt-6 text-sm text-muted">
        Prices are the insurers&apos;, as they quoted them; an estimate may change after the insurer
        asks more questions. Questions? Call us on {loaderData.phone}.
      </p>
      <a href={SUMMARY_PATH} className="mt-4 inline-block font-semibold text-brand-700 underline">
        Your application
      </a>
    </ui.StepFrame>
  );
}
