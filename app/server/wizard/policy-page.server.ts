import { LEAD_NAME_COLUMN } from "#app/domain/application/application-fields.ts";
import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import { POLICY_PATH } from "#app/domain/quote/bind-requests.ts";
import { endorsementsText } from "#app/domain/quote/certificates.ts";
import { dayText, formatCents } from "#app/domain/quote/insurer-quotes.ts";
import {
  changeRequestFormSchema,
  changeRequestKindLabel,
  changeRequestKindText,
  changeRequestMessages,
  customerChangeText,
} from "#app/domain/quote/policy-changes.ts";
import { daysUntil, policyRenewalOffer } from "#app/domain/quote/renewals.ts";
import { formatBytes, visitorDocumentPath } from "#app/domain/quote/request-documents.ts";
import { lineName } from "#app/domain/quote/quote-request.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import type { Db } from "#app/server/db/database.server.ts";
import type { Agency } from "#app/domain/site/agency.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { confirmedPath } from "#app/domain/wizard/wizard-screens.ts";
import { m } from "#app/paraglide/messages.js";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import {
  getBindRequest,
  latestBoundPolicy,
  listCustomerPolicies,
} from "#app/server/leads/bind-store.server.ts";
import { listCertificateRequests } from "#app/server/leads/certificate-store.server.ts";
import { listRequestDocuments } from "#app/server/leads/document-store.server.ts";
import { notifyChangeRequest } from "#app/server/leads/lead-notifications.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import {
  listChangeRequests,
  listPolicyChanges,
  requestPolicyChange,
} from "#app/server/leads/policy-change-store.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import { provenApplication } from "#app/server/wizard/proven-visitor.server.ts";
import {
  customerQuestion,
  type VisitorFormReply,
} from "#app/server/wizard/visitor-quotes.server.ts";

/**
 * Every policy the customer holds with the agency, in force or to come (issue 56), each with its
 * lines, insurer, number (or binder), dates and documents: only once there are two or more.
 */
async function customerPolicies(db: Db, submissionId: string, today: string, locale: Locale) {
  const words = { locale };
  const day = (value: string) => dayText(value, locale);
  const held = (await listCustomerPolicies(db, submissionId)).filter(
    (policy) => !policy.bind.policy || policy.bind.policy.end >= today,
  );
  if (held.length < 2) return [];
  const documents = await Promise.all(
    held.map((policy) => listRequestDocuments(db, policy.requestId)),
  );
  return held.map(({ bind, lines }, index) => ({
    id: bind.id,
    heading: m.policy_all_item(
      {
        lines: lines.map((slug) => lineName(slug, locale)).join(", "),
        insurer: bind.quoteSeen.insurer,
      },
      words,
    ),
    standing: bind.policy
      ? m.policy_all_policy(
          {
            number: bind.policy.number,
            term: m.quotes_term(
              { start: day(bind.policy.start), end: day(bind.policy.end) },
              words,
            ),
          },
          words,
        )
      : m.policy_all_binder(
          { number: bind.binder?.number ?? "", effective: day(bind.binder?.effective ?? "") },
          words,
        ),
    documents: (documents[index] ?? [])
      .filter((document) => document.purpose === "policy")
      .map((document) => ({
        id: document.id,
        href: visitorDocumentPath(document.id),
        fileName: document.fileName,
        size: formatBytes(document.byteSize, locale),
      })),
  }));
}

/**
 * "Your policy" (issue 29): the policy the agency bound from the visitor's request to bind, with
 * its documents, in a browser that proved the application's email. Before that, where the request
 * stands. What the page (routes/wizard/policy.tsx) shows, by its `state`; `url` is the page's
 * address, which names the request just sent to confirm.
 */
export async function visitorPolicyPage(
  services: AppServices,
  agency: Agency,
  request: Request,
  url: URL,
) {
  const locale = requestLocale(request);
  const words = { locale };
  const day = (value: string) => dayText(value, locale);
  const proven = await provenApplication(services, request);
  if (!proven) return { state: "not-proven" as const, phone: agency.phone };
  const { db } = services.database;
  const { quoteRequest } = proven;
  const bound = await latestBoundPolicy(db, proven.submission.id);
  const askedNow = url.searchParams.has("asked");
  const today = dayIn(new Date(), services.env.AGENCY_TIME_ZONE);
  const policies = await customerPolicies(db, proven.submission.id, today, locale);
  if (!bound) {
    const asked = quoteRequest ? await getBindRequest(db, quoteRequest.id) : undefined;
    // Bound under the insurer's binder, the policy still to come (issue 55).
    if (asked?.binder && asked.status === "bound") {
      const seen = asked.quoteSeen;
      return {
        state: "binder" as const,
        phone: agency.phone,
        askedNow,
        policies,
        insurer: seen.insurer,
        binder: m.policy_binder_value(
          {
            number: asked.binder.number,
            effective: day(asked.binder.effective),
            expires: day(asked.binder.expires),
          },
          words,
        ),
        premium: formatCents(seen.premiumCents),
        signed: m.policy_request_signed(
          {
            reference: asked.reference,
            name: asked.signatureName,
            day: day(dayIn(asked.signedAt, services.env.AGENCY_TIME_ZONE)),
          },
          words,
        ),
      };
    }
    return {
      state: "not-yet" as const,
      phone: agency.phone,
      askedNow,
      canAsk: quoteRequest !== undefined,
      requested:
        asked && asked.status === "requested"
          ? { reference: asked.reference, insurer: asked.quoteSeen.insurer }
          : null,
      answer: asked?.declined
        ? {
            kind: asked.declined.kind,
            insurer: asked.quoteSeen.insurer,
            reference: asked.reference,
            reason: asked.declined.reason,
          }
        : null,
    };
  }
  const { bind } = bound;
  const [documents, certificates, changes, changeRequests] = await Promise.all([
    listRequestDocuments(db, bound.requestId),
    listCertificateRequests(db, proven.submission.id),
    listPolicyChanges(db, proven.submission.id, { shownOnly: true }),
    listChangeRequests(db, proven.submission.id),
  ]);
  const timeZone = services.env.AGENCY_TIME_ZONE;
  const seen = bind.quoteSeen;
  // The renewal, from the agency's first window (decision 073): open once a request renews it.
  const renewing =
    quoteRequest?.renewsBindRequestId === bind.id && isOpenQuoteStatus(quoteRequest.status)
      ? quoteRequest.reference
      : null;
  const renewal = policyRenewalOffer(
    daysUntil(today, bind.policy.end),
    renewing,
    services.env.RENEWAL_WINDOWS_DAYS,
  );
  return {
    state: "bound" as const,
    phone: agency.phone,
    askedNow,
    policies,
    insurer: seen.insurer,
    number: bind.policy.number,
    term: m.quotes_term({ start: day(bind.policy.start), end: day(bind.policy.end) }, words),
    premium: formatCents(seen.premiumCents),
    payment:
      bind.payment === "monthly"
        ? seen.monthlyFeeCents
          ? m.quotes_pay_monthly_fee({ fee: formatCents(seen.monthlyFeeCents) }, words)
          : m.policy_paying_monthly({}, words)
        : m.quotes_pay_in_full({}, words),
    reference: bind.reference,
    renewal: renewal?.state === "offered" ? { ...renewal, ends: day(bind.policy.end) } : renewal,
    signed: m.policy_request_signed(
      {
        reference: bind.reference,
        name: bind.signatureName,
        day: day(dayIn(bind.signedAt, timeZone)),
      },
      words,
    ),
    certificates: certificates.map((certificate) => ({
      id: certificate.id,
      reference: certificate.reference,
      holder: certificate.holder.name,
      neededBy: day(certificate.neededBy),
      asks: endorsementsText(certificate.endorsements, locale),
      download: certificate.issued
        ? {
            href: visitorDocumentPath(certificate.issued.documentId),
            fileName: certificate.issued.fileName,
          }
        : null,
    })),
    // The certificate request just sent, to confirm it: only one of this visitor's own (a link
    // cannot make the page say something else).
    certificateRequested:
      certificates.find(
        (certificate) => certificate.reference === url.searchParams.get("certificate-requested"),
      )?.reference ?? null,
    // Only the changes the desk chose to show, each in plain words for the customer.
    changes: changes.map((change) => ({
      id: change.id,
      ...customerChangeText(change.details, day, locale),
    })),
    changeRequests: changeRequests.map((asked) => ({
      id: asked.id,
      text: (asked.done ? m.policy_change_request_done : m.policy_change_request_waiting)(
        {
          reference: asked.reference,
          kind: changeRequestKindText(asked.kind, locale),
          day: day(dayIn(asked.requestedAt, timeZone)),
        },
        words,
      ),
    })),
    // The change request just sent, to confirm it: only one of this visitor's own.
    changeRequested:
      changeRequests.find((asked) => asked.reference === url.searchParams.get("change-requested"))
        ?.reference ?? null,
    documents: documents
      .filter((document) => document.purpose === "policy")
      .map((document) => ({
        id: document.id,
        href: visitorDocumentPath(document.id),
        fileName: document.fileName,
        size: formatBytes(document.byteSize, locale),
      })),
  };
}

/** A change request the page refused: each field's messages, what was typed, the problem. */
export interface ChangeRequestRefusal {
  fields: Record<string, readonly string[] | null | undefined>;
  typed: Record<string, unknown>;
  problem?: string;
}

/**
 * What the page does next: to where it confirms, or the form refused (a reply with `form` is the
 * question's, without it the change request's).
 */
export type PolicyPageAnswer =
  | { outcome: "done"; to: string }
  | { outcome: "refused"; reply: VisitorFormReply | ChangeRequestRefusal; status: number }
  | { outcome: "not-proven" | "not-found" | "bad-request" };

/**
 * The customer asks for a change to their policy (issue 56): kept, the agency alerted (its email
 * and the webhook event), and waiting in the desk's Needs action until done.
 * Or the customer's question to their agent (issue 55), on the request of their policy (or,
 * before one, their newest request): kept, and the agency told; the page confirms it.
 */
export async function workOnPolicyPage(
  services: AppServices,
  request: Request,
): Promise<PolicyPageAnswer> {
  const proven = await provenApplication(services, request);
  if (!proven) return { outcome: "not-proven" };
  const form = await request.formData();
  if (form.get("intent") === "customer-question") {
    const bound = await latestBoundPolicy(services.database.db, proven.submission.id);
    const quoteRequest = bound
      ? { id: bound.requestId, reference: bound.requestReference }
      : proven.quoteRequest;
    if (!quoteRequest) return { outcome: "not-found" };
    return customerQuestion(
      services,
      {
        id: quoteRequest.id,
        submissionId: proven.submission.id,
        reference: quoteRequest.reference,
      },
      form,
      requestLocale(request),
      POLICY_PATH,
    );
  }
  const locale = requestLocale(request);
  const messages = changeRequestMessages(locale);
  const typed = parseForm(form, anyForm).payload;
  const parsed = parseForm(form, changeRequestFormSchema(locale));
  if (parsed.status !== "success") {
    return { outcome: "refused", reply: { fields: parsed.error ?? {}, typed }, status: 400 };
  }
  const { db } = services.database;
  const submissionId = proven.submission.id;
  const asked = await requestPolicyChange(db, submissionId, parsed.value);
  if (asked.outcome !== "requested") {
    const problem = asked.outcome === "too-many" ? messages.tooMany : messages.notBound;
    return { outcome: "refused", reply: { fields: {}, typed, problem }, status: 409 };
  }
  const done = linkPath(
    confirmedPath(`${POLICY_PATH}?change-requested=${encodeURIComponent(asked.reference)}`),
    locale,
  );
  // Sent again unchanged (a double click): the agency was told the first time.
  if (asked.repeated) return { outcome: "done", to: done };
  const lead = await getSubmission(db, submissionId);
  await notifyChangeRequest(services, {
    submissionId,
    businessName: lead?.[LEAD_NAME_COLUMN] ?? null,
    reference: asked.reference,
    policyNumber: asked.policyNumber,
    kind: changeRequestKindLabel(parsed.value.kind),
    details: parsed.value.details,
  });
  await queueLeadEvent(services, "change_request.created", submissionId, {
    changeRequest: {
      reference: asked.reference,
      policyNumber: asked.policyNumber,
      kind: parsed.value.kind,
      details: parsed.value.details,
    },
  });
  return { outcome: "done", to: done };
}
