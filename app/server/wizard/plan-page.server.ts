import {
  coveragePlan,
  planChangesOf,
  recommendationLabel,
} from "#app/domain/quote/coverage-plan.ts";
import {
  CONTRACT_NEEDED_MAX_DAYS,
  contractFlag,
  contractFormValues,
  contractMessages,
} from "#app/domain/quote/contract-requirements.ts";
import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import {
  latestStartDate,
  lineName,
  planSavedOf,
  quoteConsentText,
  quoteMessages,
  usToday,
  type PlanSaved,
} from "#app/domain/quote/quote-request.ts";
import type { Agency } from "#app/domain/site/agency.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { addDays } from "#app/domain/values/days.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import { currentContractRequirements } from "#app/server/wizard/contract-store.server.ts";
import { ownQuotesReady } from "#app/server/wizard/proven-visitor.server.ts";
import { latestQuoteRequest } from "#app/server/wizard/quote-requests.server.ts";
import { requireCompletedApplication } from "#app/server/wizard/quote-step.server.ts";

/**
 * What the plan page (routes/wizard/quote.tsx) shows for this browser's completed application: the
 * plan, the optional answers, the contract's requirements and any open request. Its forms are
 * plan-page-forms.server.ts's.
 */
export async function planPageRecords(services: AppServices, agency: Agency, request: Request) {
  const { submission, answers, handle } = await requireCompletedApplication(services, request);
  const locale = requestLocale(request);
  // The plan's words in the page's language: they come from here, never in the page's scripts.
  const plan = coveragePlan(answers, locale);
  // What the last "Update my plan" changed, as its redirect named it (only the plan's own lines).
  const changes = planChangesOf(new URL(request.url).searchParams);
  const [latest, contract, quotesReady] = await Promise.all([
    latestQuoteRequest(services.database.db, submission.id),
    currentContractRequirements(services.database.db, submission.id),
    // Quotes published for this browser's own application: the page says so (decision 054).
    ownQuotesReady(services.database.db, handle.draft),
  ]);
  const open = latest && isOpenQuoteStatus(latest.status) ? latest : undefined;
  const today = usToday();
  return {
    leadName: submission.name ?? "",
    lines: plan.lines.map((line) => ({
      ...line,
      recommendationLabel: recommendationLabel(line.recommendation, locale),
    })),
    // What a contract asks of each line (decision 048), and the form's answers as given.
    contractFlags: Object.fromEntries(
      plan.lines.map((line) => [line.slug, contractFlag(contract, line.slug, locale)]),
    ),
    contract: contract ? contractFormValues(contract, today) : null,
    contractLines: contract?.lines ?? [],
    contractLatest: addDays(today, CONTRACT_NEEDED_MAX_DAYS),
    changes: changes.changed.map((slug) => {
      const line = plan.lines.find((candidate) => candidate.slug === slug);
      return {
        slug,
        name: lineName(slug, locale),
        recommendation: line && recommendationLabel(line.recommendation, locale),
      };
    }),
    raised: changes.raised,
    optional: submission.optional,
    request: open
      ? {
          reference: open.reference,
          lines: open.lines,
          startDate: open.startDate,
          contactChannel: open.contactChannel,
          note: open.note ?? "",
        }
      : undefined,
    today,
    latest: latestStartDate(today),
    consentText: quoteConsentText(agency, locale),
    quotesReady,
    // What the form just posted saved, confirmed first on the page and focused (decision 055).
    confirmation: savedConfirmation(planSavedOf(new URL(request.url).searchParams), locale),
  };
}

/** The words that confirm a plan page's save, in `locale`. */
function savedConfirmation(saved: PlanSaved | undefined, locale: Locale): string | null {
  if (saved === "answers") return quoteMessages(locale).answersSaved;
  if (saved === "contract") return contractMessages(locale).saved;
  if (saved === "contract-removed") return contractMessages(locale).removed;
  return null;
}
