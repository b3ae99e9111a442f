import {
  deskEmailFormSchema,
  fillPlaceholders,
  NOT_SENT_REASONS,
  placeholderValues,
  TEMPLATE_LIMITS,
  templatesForLanguage,
} from "#app/domain/leads/desk-emails.ts";
import { BASE_LOCALE, isLocale, languageNameInEnglish } from "#app/domain/site/locales.ts";
import { quoteStatusLabel, quoteStatusSchema } from "#app/domain/leads/lead-desk.ts";
import {
  ACTIVITY_KINDS,
  activityFormSchema,
  nextActionFormSchema,
  ownerFormSchema,
  type ActivityKind,
  type LeadFormErrors,
  type LeadIntent,
} from "#app/domain/leads/lead-work.ts";
import { leadNameOf, submissionValuesSchema } from "#app/domain/application/application-fields.ts";
import { coveragePlan } from "#app/domain/quote/coverage-plan.ts";
import {
  contactChannelLabel,
  DESK_OPENED_REQUEST_TEXT,
  lineName,
  optionalAnswersOf,
  planAnswersOf,
  quoteRequestSchema,
  usToday,
} from "#app/domain/quote/quote-request.ts";
import type { Agency } from "#app/domain/site/agency.ts";
import { isEmailAddress } from "#app/domain/values/fields.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { formatUsPhone } from "#app/domain/values/phone.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { trackedSubjectivities } from "#app/domain/quote/quote-proposal.ts";
import { getBindRequest } from "#app/server/leads/bind-store.server.ts";
import type { BindRequest } from "#app/domain/quote/bind-requests.ts";
import { getProducerOfRecord } from "#app/server/admin/producers.server.ts";
import { producerDeskLine } from "#app/domain/leads/producer-licenses.ts";
import { listInsurerQuotes } from "#app/server/leads/insurer-quote-store.server.ts";
import {
  addActivity,
  getLeadWork,
  getTimeline,
  listOperators,
  logTouch,
  setLeadOwner,
  setLeadStatus,
  setNextAction,
} from "#app/server/leads/desk-work.server.ts";
import { listTemplates, sendDeskEmail } from "#app/server/leads/lead-emails.server.ts";
import {
  relatedLeads,
  submissionStatus,
  type SubmissionRow,
} from "#app/server/leads/leads.server.ts";
import {
  listWebhookDeliveries,
  queueLeadEvent,
  resendWebhookDelivery,
} from "#app/server/leads/webhooks.server.ts";
import type { Db } from "#app/server/db/database.server.ts";
import { releaseHeldEmail } from "#app/server/mail/outbox.server.ts";
import { agencyMailLimits } from "#app/server/env.server.ts";
import { logger } from "#app/server/logger.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import {
  getQuoteRequestHistory,
  latestQuoteRequest,
  listQuoteRequests,
  openDeskRequest,
  type QuoteRequest,
} from "#app/server/wizard/quote-requests.server.ts";
import { getSubmissionHistory } from "#app/server/wizard/submission-history.server.ts";

/**
 * The lead desk's page of one lead (routes/admin/submission.tsx, issue 28): what it shows, read at
 * once, and its forms (status, owner, next action, a touch logged, an email to the visitor, an
 * email sent again, a webhook sent again), each checked here and entered in the lead's timeline.
 */

/** Whether the desk may email this lead: one address, proven by its visitor (decision 030). */
function isEmailable(row: { email: string; email_not_proven: boolean }): boolean {
  return !row.email_not_proven && isEmailAddress(row.email);
}

/** The `saved` a confirmation carries, as the timeline kind it confirms. */
function savedKindOf(text: string | null): ActivityKind | undefined {
  return ACTIVITY_KINDS.find((kind) => kind.id === text)?.id;
}

/** The database reads of the lead's page, at once (`npm run bench` times them). */
export function leadPageReads(db: Db, row: SubmissionRow) {
  return Promise.all([
    getSubmissionHistory(db, row),
    latestQuoteRequest(db, row.id),
    listWebhookDeliveries(db, { submissionId: row.id, limit: 20 }),
    relatedLeads(db, row.id),
    getLeadWork(db, row.id),
    getTimeline(db, row.id),
    listOperators(db),
    listTemplates(db),
  ]);
}

/**
 * Everything the lead's page shows, read at once: every field, the history of the application and
 * of its quote request, the coverage plan, the related leads, the webhooks, the work on the lead,
 * its timeline and the desk's email templates (`template`, the one chosen, filled from the lead).
 * `saved` names the kind of change just made: the page confirms it with the timeline's newest
 * entry of that kind.
 */
export async function leadPageRecords(
  services: AppServices,
  agency: Agency,
  row: SubmissionRow,
  search: { template: string | null; saved: string | null },
) {
  const { db } = services.database;
  const [history, request, deliveries, related, work, timeline, operators, allTemplates] =
    await leadPageReads(db, row);
  // The customer's language first: one who applied in Spanish is emailed in Spanish by default.
  const language = isLocale(row.language) ? row.language : BASE_LOCALE;
  const templates = templatesForLanguage(allTemplates, language);
  const template = templates.find((candidate) => candidate.id === search.template);
  const fill = placeholderValues(
    {
      firstName: row.first_name,
      businessName: leadNameOf(row),
      reference: request?.reference ?? null,
    },
    agency,
  );
  const savedKind = savedKindOf(search.saved);
  const saved = savedKind ? timeline.find((entry) => entry.kind === savedKind) : undefined;
  const requestHistory = request ? await getQuoteRequestHistory(db, request) : undefined;
  const today = dayIn(new Date(), services.env.AGENCY_TIME_ZONE);
  // What the insurers still need, the chosen quote's once one is chosen (decision 062).
  const [quotes, bind, producer] = request
    ? await Promise.all([
        listInsurerQuotes(db, request.id),
        getBindRequest(db, request.id),
        getProducerOfRecord(db, request.id),
      ])
    : [[], undefined, undefined];
  const subjectivities = trackedSubjectivities(quotes, bind?.insurerQuoteId, today);
  const requests = await customerRequests(db, row.id, await listQuoteRequests(db, row.id));
  // The plan as the visitor's page works it out, from the record as it is now.
  const answers = planAnswersOf(
    {
      industry: row.industry,
      segments: row.segments,
      state: row.state,
      ownershipStructure: row.ownership_structure ?? "",
      naicsCode: row.naics_code,
    },
    optionalAnswersOf(row),
  );
  return {
    emailing: {
      proven: isEmailable(row),
      language,
      templates: templates.map(({ id, name, language: written }) => ({
        id,
        name: `${name} (${languageNameInEnglish(written)})`,
      })),
      chosen: template && {
        id: template.id,
        language: template.language,
        subject: fillPlaceholders(template.subject, fill, template.language),
        body: fillPlaceholders(template.body, fill, template.language),
      },
    },
    today,
    subjectivities,
    requests,
    work,
    timeline,
    operators,
    saved,
    phone: row.phone_number
      ? { e164: row.phone_number, text: formatUsPhone(row.phone_number) }
      : null,
    submission: row,
    complete: submissionStatus(row) === "complete",
    history,
    requestHistory,
    related,
    values: submissionValuesSchema.parse(row),
    deliveries,
    plan: answers
      ? coveragePlan(answers).lines.map((line) => ({
          name: line.name,
          recommendation: line.recommendation,
          reason: line.reason,
        }))
      : undefined,
    request: request
      ? {
          ...request,
          lines: request.lines.map((slug) => lineName(slug)),
          contactChannel: contactChannelLabel(request.contactChannel),
          // Who published its quotes or bound it, with the licence for the state (decision 063).
          producer: producer ? producerDeskLine(producer) : null,
        }
      : undefined,
  };
}

/** A request of the customer's as the desk lists it, with its policy or binder once bound. */
export interface CustomerRequestView {
  id: string;
  reference: string;
  lines: string[];
  status: string;
  opened: Date;
  /** The insurer's binder or policy on it, in words; null before it is bound. */
  policy: string | null;
  /** Its licensed producer of record, with the licence for the state; null before one acted. */
  producer: string | null;
  /** Its quotes, documents and binding at the desk. */
  href: string;
}

/** What a bound request holds: the insurer's policy, or its binder while the policy is to come. */
function policyWords(bind: BindRequest): string | null {
  if (bind.status !== "bound") return null;
  const insurer = bind.quoteSeen.insurer;
  if (bind.policy) {
    return `${insurer}: policy ${bind.policy.number}, ${bind.policy.start} to ${bind.policy.end}`;
  }
  return bind.binder
    ? `${insurer}: binder ${bind.binder.number} from ${bind.binder.effective}, expires ${bind.binder.expires}; the policy is to come`
    : `${insurer}: bound`;
}

/** Every request of the customer, oldest first, each with where it stands (issue 56). */
async function customerRequests(
  db: Db,
  submissionId: string,
  requests: readonly QuoteRequest[],
): Promise<CustomerRequestView[]> {
  const [binds, producers] = await Promise.all([
    Promise.all(requests.map((request) => getBindRequest(db, request.id))),
    Promise.all(requests.map((request) => getProducerOfRecord(db, request.id))),
  ]);
  return requests.map((request, index) => {
    const bind = binds[index];
    const producer = producers[index];
    return {
      id: request.id,
      reference: request.reference,
      lines: request.lines.map((slug) => lineName(slug)),
      status: quoteStatusLabel(request.status),
      opened: request.createdAt,
      policy: bind ? policyWords(bind) : null,
      producer: producer ? producerDeskLine(producer) : null,
      href: `/admin/submissions/${submissionId}/quotes?request=${request.id}`,
    };
  });
}

/** Who works on which lead: the operator signed in, the agency's details and the lead's record. */
export interface LeadDesk {
  services: AppServices;
  operatorId: string;
  agency: Agency;
  lead: SubmissionRow;
}

/**
 * What the page does next: the page again confirming a change (`saved`, the timeline's kind), the
 * webhooks' part of it after a webhook sent again, a form refused with its messages, or a webhook
 * that is not this lead's.
 */
export type LeadAnswer =
  | { outcome: "saved"; kind: ActivityKind }
  | { outcome: "webhook-resent" }
  | { outcome: "refused"; errors: LeadFormErrors; status: number }
  | { outcome: "not-this-lead"; error: string };

function refused(
  intent: LeadIntent,
  problem: Omit<LeadFormErrors, "intent">,
  status = 400,
): LeadAnswer {
  return { outcome: "refused", errors: { intent, ...problem }, status };
}

function saved(kind: ActivityKind): LeadAnswer {
  return { outcome: "saved", kind };
}

/** A field as typed, to show again after a refusal (never longer than a form could send). */
function typedText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, TEMPLATE_LIMITS.body) : "";
}

/**
 * An operator's change to the lead, posted with its `intent` (the desk's middleware has checked
 * the origin): its status, owner or next action, a touch logged, an email to the visitor or one
 * sent again, or a webhook sent again. Ids a form names (a delivery, an email) count only when
 * they are this lead's.
 */
export async function workOnLead(desk: LeadDesk, form: FormData): Promise<LeadAnswer> {
  const { lead: row, operatorId } = desk;
  const { db } = desk.services.database;
  switch (form.get("intent")) {
    case "resend-webhook": {
      const resent = await resendWebhookDelivery(db, String(form.get("deliveryId")), row.id);
      if (!resent) {
        return {
          outcome: "not-this-lead",
          error: "That delivery is not one of this submission's.",
        };
      }
      return { outcome: "webhook-resent" };
    }
    case "owner": {
      const parsed = parseForm(form, ownerFormSchema);
      const owner = parsed.status === "success" ? parsed.value.owner : undefined;
      if (owner === undefined || !(await setLeadOwner(db, row.id, owner || null, operatorId))) {
        return refused("owner", { fields: {}, form: "Choose one of the operators, or nobody." });
      }
      return saved("owner");
    }
    case "next-action": {
      const parsed = parseForm(form, nextActionFormSchema);
      if (parsed.status !== "success") {
        return refused("next-action", { fields: parsed.error ?? {} });
      }
      await setNextAction(db, row.id, parsed.value, operatorId);
      return saved("next-action");
    }
    case "clear-next-action":
      await setNextAction(db, row.id, null, operatorId);
      return saved("next-action");
    case "email":
      return emailTheLead(desk, form);
    case "resend":
      return sendAgain(desk, form);
    case "log": {
      const parsed = parseForm(form, activityFormSchema);
      if (parsed.status !== "success") return refused("log", { fields: parsed.error ?? {} });
      await logTouch(db, {
        submissionId: row.id,
        operatorId,
        kind: parsed.value.kind,
        body: parsed.value.body,
      });
      return saved(parsed.value.kind);
    }
    case "status":
      return setStatus(desk, form);
    case "open-request":
      return openRequest(desk, form);
    default:
      return refused("log", { fields: {}, form: "That form is not one of this page's." });
  }
}

/** An email to the visitor from the desk, only to an address its visitor proved. */
async function emailTheLead({ services, lead: row, operatorId, agency }: LeadDesk, form: FormData) {
  const parsed = parseForm(form, deskEmailFormSchema);
  const typed = {
    subject: typedText(form, "subject"),
    body: typedText(form, "body"),
    language: typedText(form, "language"),
  };
  if (parsed.status !== "success") {
    return refused("email", { fields: parsed.error ?? {}, values: typed });
  }
  if (!isEmailable(row)) {
    return refused("email", { fields: {}, form: "The desk does not email this lead." }, 409);
  }
  const sent = await sendDeskEmail(services.database.db, {
    submissionId: row.id,
    to: row.email,
    ...parsed.value,
    operatorId,
    agency,
    limits: agencyMailLimits(services.env),
  });
  if (sent !== "queued") {
    return refused(
      "email",
      {
        fields: {},
        values: typed,
        form: `Not sent: ${NOT_SENT_REASONS[sent]}. The timeline says so, with Send again.`,
      },
      429,
    );
  }
  return saved("email");
}

/** "Send again" on an email of this lead that was held (decision 054). */
async function sendAgain({ services, lead: row, operatorId }: LeadDesk, form: FormData) {
  const outboxId = String(form.get("outboxId") ?? "").slice(0, 20);
  const released = await releaseHeldEmail(
    services.database.db,
    { submissionId: row.id, outboxId, operatorId },
    agencyMailLimits(services.env),
  );
  if (released === "queued") return saved("email");
  if (released === "not-found") {
    return refused(
      "resend",
      { fields: {}, form: "That email is not one of this lead's waiting to be sent again." },
      404,
    );
  }
  return refused(
    "resend",
    { fields: {}, form: `Still not sent: ${NOT_SENT_REASONS[released]}.` },
    released === "limit" ? 429 : 409,
  );
}

/**
 * A new quote request the agent opens for the customer (issue 56): lines another insurer quotes, a
 * line added mid-term. Refused while the customer has a request still open: that one is worked
 * first. The timeline says who opened it; the webhook tells of a new request.
 */
async function openRequest({ services, lead: row, operatorId }: LeadDesk, form: FormData) {
  const { db } = services.database;
  const parsed = parseForm(form, quoteRequestSchema(usToday()));
  if (parsed.status !== "success") {
    return refused("open-request", {
      fields: parsed.error ?? {},
      values: { note: typedText(form, "note") },
    });
  }
  const opened = await openDeskRequest(
    db,
    row.id,
    parsed.value,
    DESK_OPENED_REQUEST_TEXT,
    operatorId,
  );
  if (opened.outcome === "already-open") {
    return refused(
      "open-request",
      {
        fields: {},
        form: `This customer's request ${opened.reference} is still open: quote it, bind it or mark it lost before opening another.`,
      },
      409,
    );
  }
  const { request } = opened;
  await addActivity(db, {
    submissionId: row.id,
    operatorId,
    kind: "quote",
    body: `${request.reference}: a new request opened at the desk for ${request.lines.map((slug) => lineName(slug)).join(", ")}`,
  });
  await queueLeadEvent(services, "quote_request.created", row.id);
  return saved("quote");
}

/** The status of the lead's latest quote request. */
async function setStatus({ services, lead: row, operatorId }: LeadDesk, form: FormData) {
  const { db } = services.database;
  const parsed = parseForm(form, quoteStatusSchema);
  const latest = await latestQuoteRequest(db, row.id);
  if (parsed.status !== "success" || !latest) {
    return refused("status", { fields: {}, form: "Choose one of the statuses." });
  }
  try {
    await setLeadStatus(db, latest, parsed.value.status, operatorId);
  } catch (error) {
    // Reopening an old request while a newer one is open: one open request per submission.
    logger.warn({ err: error, quoteRequestId: latest.id }, "quote status not set");
    return refused(
      "status",
      { fields: {}, form: "That would make two open requests for this submission." },
      409,
    );
  }
  return saved("status");
}
