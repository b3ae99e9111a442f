import { randomUUID } from "node:crypto";

import { sql, type RawBuilder } from "kysely";

import { possessive } from "#app/domain/site/possessive.ts";
import { agencyFrom, agencyLines } from "#app/domain/site/agency.ts";
import { leadNameOf, alertRows } from "#app/domain/application/application-fields.ts";
import { bestTimeLabel } from "#app/domain/site/contact-forms.ts";
import { industryLabel } from "#app/domain/reference/industries.ts";
import { LANGUAGE_NAMES_IN_ENGLISH } from "#app/domain/site/locales.ts";
import { productName } from "#app/domain/leads/lead-desk.ts";
import { formatUsPhone } from "#app/domain/values/phone.ts";
import { contactChannelLabel, lineName } from "#app/domain/quote/quote-request.ts";
import { site } from "#app/domain/site/site.ts";
import type { CompleteRecord } from "#app/domain/application/application-record.ts";

import type { SavedCallbackRequest } from "#app/server/leads/contact-requests.server.ts";
import type { QuoteRequest } from "#app/server/wizard/quote-requests.server.ts";
import { bestEffort } from "#app/server/db/transactions.server.ts";
import { logger } from "#app/server/logger.server.ts";
import {
  enqueueEmail,
  queuedEmailFrom,
  type OutgoingEmail,
} from "#app/server/mail/outbox.server.ts";
import type { AppServices } from "#app/server/services.server.ts";

/**
 * New-lead emails to the agency (LEAD_NOTIFY_TO). They hold the lead's details, since acting on
 * them is their point; the log never does. They go through the outbox, after the visitor's save
 * has succeeded, and a failure to queue one is logged and swallowed: the visitor's answer never
 * depends on it.
 */

/** A header line from a visitor's words: one line, not too long. */
function headerText(text: string, max = 120): string {
  const line = text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function lines(fields: readonly (readonly [string, string])[]): string {
  return fields.map(([label, value]) => `${label}: ${value}`).join("\n");
}

/** The email about an application that has just been completed. */
export function completedApplicationEmail(
  siteUrl: string,
  to: string[],
  submissionId: string,
  record: CompleteRecord,
): OutgoingEmail {
  const industry = industryLabel(record.industry);
  const text = [
    `A visitor has completed an application on ${site.brand}.`,
    "",
    lines(alertRows(record).map(({ label, value }) => [label, value])),
    "",
    `Every field and the consent evidence: ${siteUrl}/admin/submissions/${submissionId}`,
    "",
  ].join("\n");
  return {
    to,
    subject: headerText(
      `New lead: ${leadNameOf(record) ?? record.email} (${industry}, ${record.state})`,
    ),
    text,
  };
}

/** The email about a call-back request. */
export function callbackRequestEmail(
  siteUrl: string,
  to: string[],
  request: SavedCallbackRequest,
): OutgoingEmail {
  const text = [
    `A visitor has asked ${site.brand} to call them back.`,
    "",
    lines([
      ["Name", request.name],
      ["Phone", formatUsPhone(request.phone)],
      ["Best time to call", bestTimeLabel(request.bestTime)],
      ["Language", LANGUAGE_NAMES_IN_ENGLISH[request.language]],
      ...(request.product
        ? [["Asked from the page on", productName(request.product)] as const]
        : []),
    ]),
    "",
    `All call-back requests: ${siteUrl}/admin/call-backs`,
    "",
  ].join("\n");
  return { to, subject: headerText(`Call-back request: ${request.name}`), text };
}

/** What the quote request alert tells of the business, besides the request. */
export interface QuoteRequestLead {
  submissionId: string;
  /** What the lead goes by (application-fields.ts, LEAD_NAME_COLUMN). */
  name: string;
  industry: string;
  state: string;
  email: string;
  phone: string | null;
}

/** The email about a quote request: new, or updated by the visitor. */
export function quoteRequestAlertEmail(
  siteUrl: string,
  to: string[],
  lead: QuoteRequestLead,
  request: QuoteRequest,
  updated: boolean,
): OutgoingEmail {
  // A renewal request (decision 047) says so: the policy it renews is on the lead's quotes page.
  const renewal = request.renewsBindRequestId !== null;
  const text = [
    updated
      ? `A visitor has updated their ${renewal ? "renewal request" : "quote request"} ${request.reference} on ${site.brand}.`
      : renewal
        ? `An insured has asked for their policy's renewal quotes on ${site.brand}: ${request.reference}.`
        : `A visitor has requested quotes on ${site.brand}: ${request.reference}.`,
    "",
    lines([
      ["Reference", request.reference],
      ["Business name", lead.name],
      ["Industry", industryLabel(lead.industry)],
      ["State", lead.state],
      ["Lines", request.lines.map((slug) => lineName(slug)).join(", ")],
      ["Preferred start date", request.startDate],
      ["Contact by", contactChannelLabel(request.contactChannel)],
      ["Email", lead.email],
      ["Phone", lead.phone ? formatUsPhone(lead.phone) : "not given"],
      ["Note", request.note ?? "none"],
    ]),
    "",
    `The plan, the answers and the request: ${siteUrl}/admin/submissions/${lead.submissionId}`,
    "",
  ].join("\n");
  return {
    to,
    subject: headerText(
      `${renewal ? "Renewal request" : "Quote request"}${updated ? " updated" : ""} ${request.reference}: ${lead.name}`,
    ),
    text,
  };
}

/** What may be logged of a failure to queue: its kind and SQLSTATE, never its message. */
function failureKind(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { errorType: typeof error };
  const code = (error as Error & { code?: unknown }).code;
  return { errorType: error.name, ...(typeof code === "string" ? { code } : {}) };
}

async function enqueue(
  services: AppServices,
  email: (to: string[]) => OutgoingEmail,
  ids: Record<string, string>,
): Promise<void> {
  const to = services.env.LEAD_NOTIFY_TO;
  if (to.length === 0) return;
  try {
    const alert = signed(services, email(to));
    await bestEffort(services.database.db, (db) => enqueueEmail(db, alert));
  } catch (error) {
    notificationNotQueued(error, ids);
  }
}

/** Every email the site sends names the agency (issue 15), these too. */
function signed(services: AppServices, email: OutgoingEmail): OutgoingEmail {
  const signature = agencyLines(agencyFrom(services.env)).join("\n");
  return { ...email, text: `${email.text}\n${signature}\n` };
}

/** Logs a new-lead email that could not be queued: `ids` say of what, never the lead's details. */
export function notificationNotQueued(error: unknown, ids: Record<string, string> = {}): void {
  logger.error({ ...ids, ...failureKind(error) }, "lead notification not queued");
}

/**
 * The agency's email about a completed application, for the statement that saves it (decision
 * 052): a CTE body that queues it once for each row of `submission` (the CTE that answers the
 * saved application's id, known only once the statement runs, which its link names). Undefined
 * when LEAD_NOTIFY_TO is not set. Throws InvalidRecipientError for a recipient that is not one
 * address.
 */
export function completedApplicationAlert(
  services: AppServices,
  record: CompleteRecord,
  submission: RawBuilder<unknown>,
): RawBuilder<unknown> | undefined {
  const to = services.env.LEAD_NOTIFY_TO;
  if (to.length === 0) return undefined;
  // The text is written here around a stand-in for the id, which the statement puts in its place:
  // a random one, which no visitor's words can hold.
  const standIn = randomUUID();
  const alert = signed(
    services,
    completedApplicationEmail(services.env.SITE_URL, to, standIn, record),
  );
  const parts = alert.text.split(standIn);
  if (parts.length !== 2) throw new Error("The new-lead email names the application once");
  const [before, after] = parts;
  return queuedEmailFrom(submission, {
    to,
    subject: alert.subject,
    text: sql<string>`${before} || id::text || ${after}`,
  });
}

/** Tells the agency of a quote request, new or updated. Never throws. */
export async function notifyQuoteRequest(
  services: AppServices,
  lead: QuoteRequestLead,
  request: QuoteRequest,
  updated: boolean,
): Promise<void> {
  await enqueue(
    services,
    (to) => quoteRequestAlertEmail(services.env.SITE_URL, to, lead, request, updated),
    { quoteRequestId: request.id },
  );
}

/** Tells the agency of a call-back request. Never throws. */
export async function notifyCallbackRequest(
  services: AppServices,
  request: SavedCallbackRequest,
): Promise<void> {
  await enqueue(services, (to) => callbackRequestEmail(services.env.SITE_URL, to, request), {
    callbackRequestId: request.id,
  });
}

/** What the agency is told of a request to bind: `requestId` is the quote request it binds. */
export interface BindRequestAlert {
  submissionId: string;
  requestId: string;
  reference: string;
  insurer: string;
  businessName: string | null;
}

/** The email that tells the agency a visitor asked to bind a quote: act on it, then mark it bound. */
export function bindRequestAlertEmail(
  siteUrl: string,
  to: string[],
  bind: BindRequestAlert,
): OutgoingEmail {
  const text = [
    `A visitor has asked ${site.brand} to bind ${possessive(bind.insurer)} quote. They are not covered until you confirm it in writing.`,
    "",
    lines([
      ["Reference", bind.reference],
      ["Business", bind.businessName ?? "(not given)"],
      ["Insurer", bind.insurer],
    ]),
    "",
    `The request, its signed statements and the quote: ${siteUrl}/admin/submissions/${bind.submissionId}/quotes?request=${bind.requestId}`,
    "",
  ].join("\n");
  return {
    to,
    subject: headerText(`Request to bind: ${bind.reference} (${bind.insurer})`),
    text,
  };
}

/** Tells the agency of a request to bind. Never throws. */
export async function notifyBindRequest(
  services: AppServices,
  bind: BindRequestAlert,
): Promise<void> {
  await enqueue(services, (to) => bindRequestAlertEmail(services.env.SITE_URL, to, bind), {
    submissionId: bind.submissionId,
  });
}

/** What the agency is told of a certificate request. */
export interface CertificateRequestAlert {
  submissionId: string;
  businessName: string | null;
  reference: string;
  holder: string;
  neededBy: string;
  asks: string;
}

/** The email that tells the agency a visitor asked for a certificate of insurance, and by when. */
export function certificateRequestAlertEmail(
  siteUrl: string,
  to: string[],
  certificate: CertificateRequestAlert,
): OutgoingEmail {
  const text = [
    `A visitor has asked ${site.brand} for a certificate of insurance, needed by ${certificate.neededBy}.`,
    "",
    lines([
      ["Reference", certificate.reference],
      ["Business", certificate.businessName ?? "(not given)"],
      ["Holder", certificate.holder],
      ["Asks for", certificate.asks],
      ["Needed by", certificate.neededBy],
    ]),
    "",
    `The request, and where to upload the certificate: ${siteUrl}/admin/submissions/${certificate.submissionId}/quotes#certificates`,
    "",
  ].join("\n");
  return {
    to,
    subject: headerText(
      `Certificate request: ${certificate.reference}, needed by ${certificate.neededBy}`,
    ),
    text,
  };
}

/** Tells the agency of a certificate request. Never throws. */
export async function notifyCertificateRequest(
  services: AppServices,
  certificate: CertificateRequestAlert,
): Promise<void> {
  await enqueue(
    services,
    (to) => certificateRequestAlertEmail(services.env.SITE_URL, to, certificate),
    { submissionId: certificate.submissionId },
  );
}

/** What the agency is told of a customer's change request on their policy (issue 56). */
export interface ChangeRequestAlert {
  submissionId: string;
  businessName: string | null;
  reference: string;
  policyNumber: string;
  /** What to change, in the desk's English. */
  kind: string;
  details: string;
}

/** The email that tells the agency a customer asked for a change to their policy. */
export function changeRequestAlertEmail(
  siteUrl: string,
  to: string[],
  change: ChangeRequestAlert,
): OutgoingEmail {
  const text = [
    `A customer has asked ${site.brand} for a change to their policy ${change.policyNumber}.`,
    "",
    lines([
      ["Reference", change.reference],
      ["Business", change.businessName ?? "(not given)"],
      ["Policy", change.policyNumber],
      ["Change", change.kind],
    ]),
    "",
    change.details,
    "",
    `The request waits in Needs action until it is marked done: ${siteUrl}/admin/submissions/${change.submissionId}/policy`,
    "",
  ].join("\n");
  return {
    to,
    subject: headerText(`Change request: ${change.reference}, ${change.kind}`),
    text,
  };
}

/** Tells the agency of a change request. Never throws. */
export async function notifyChangeRequest(
  services: AppServices,
  change: ChangeRequestAlert,
): Promise<void> {
  await enqueue(services, (to) => changeRequestAlertEmail(services.env.SITE_URL, to, change), {
    submissionId: change.submissionId,
  });
}

/** What the customer did that the agency is told of (issue 55), with what it is about. */
export interface CustomerAct {
  submissionId: string;
  /** The quote request it is about: the alert links that request's page (decision 070). */
  requestId: string;
  reference: string;
  businessName: string | null;
  act: "asked" | "answered" | "uploaded" | "declined";
  /** The question asked, the answer given, the document's name and kind, the reason. */
  detail: string;
}

const CUSTOMER_ACTS = {
  asked: { subject: "Customer's question", did: "asked their agent a question", label: "Question" },
  answered: { subject: "Answer", did: "answered the agency's question", label: "Answer" },
  uploaded: { subject: "Document", did: "sent a document", label: "Document" },
  declined: { subject: "Quotes declined", did: "declined every quote", label: "Reason" },
} as const satisfies Record<CustomerAct["act"], { subject: string; did: string; label: string }>;

/** The email that tells the agency what its customer did: it waits in Needs action. */
export function customerActAlertEmail(
  siteUrl: string,
  to: string[],
  act: CustomerAct,
): OutgoingEmail {
  const words = CUSTOMER_ACTS[act.act];
  const text = [
    `A customer has ${words.did} on ${site.brand}. It waits in Needs action until someone marks it dealt with.`,
    "",
    lines([
      ["Reference", act.reference],
      ["Business", act.businessName ?? "(not given)"],
      [words.label, act.detail],
    ]),
    "",
    `The request: ${siteUrl}/admin/submissions/${act.submissionId}/quotes?request=${act.requestId}`,
    `Needs action: ${siteUrl}/admin/needs-action`,
    "",
  ].join("\n");
  return {
    to,
    subject: headerText(`${words.subject}: ${act.reference} (${act.businessName ?? "no name"})`),
    text,
  };
}

/** Tells the agency what its customer did. Never throws. */
export async function notifyCustomerAct(services: AppServices, act: CustomerAct): Promise<void> {
  await enqueue(services, (to) => customerActAlertEmail(services.env.SITE_URL, to, act), {
    submissionId: act.submissionId,
  });
}
