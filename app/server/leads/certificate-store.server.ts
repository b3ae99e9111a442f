/**
 * Certificates of insurance on a bound policy (issue 30, decision 045). The visitor's request is
 * kept exactly as sent, numbered on its policy's request (`CP-…-C1`, `-C2`); the desk issues it
 * with the certificate's PDF, which is filed among the request's documents; the visitor is emailed
 * a one-time link to their policy's page, and the holder, if the visitor gave their address, a
 * link of their own to the PDF. Each enters the lead's timeline in its transaction.
 */
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { sql } from "kysely";

import {
  certificateIssuedEmail,
  certificateReference,
  HOLDER_LINK_DAYS,
  holderCertificateEmail,
  holderCertificatePath,
  OPEN_CERTIFICATE_REQUESTS_PER_POLICY,
  sameHolder,
  endorsementsText,
  toAdditionalInsuredOperations,
  type CertificateForm,
  type CertificateHolder,
  type CertificateRequest,
} from "#app/domain/quote/certificates.ts";
import {
  certificateContents,
  contentsSummary,
  draftFromContents,
  INSURER_LETTERS,
  type CertificateContents,
  type CertificateDraft,
  type PolicyOnRecord,
} from "#app/domain/quote/certificate-of-insurance.ts";
import { storedLinesSchema } from "#app/domain/quote/insurer-quotes.ts";
import { lineName } from "#app/domain/quote/quote-request.ts";
import { z } from "#app/domain/values/zod.ts";
import { LEAD_NAME_COLUMN } from "#app/domain/application/application-fields.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { isUuid } from "#app/domain/values/ids.ts";
import { isLinkToken } from "#app/domain/values/link-tokens.ts";

import type { Db } from "#app/server/db/database.server.ts";
import type { LeadRecord } from "#app/domain/leads/lead-record.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import type { ReceivedFile } from "#app/server/http/multipart-upload.server.ts";
import { certificatePdf } from "#app/server/leads/certificate-pdf.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";
import { insertCertificateDocument } from "#app/server/leads/document-store.server.ts";
import {
  queueVisitorLinkEmail,
  type DeskSending,
} from "#app/server/leads/insurer-quote-store.server.ts";
import { queueCappedEmail } from "#app/server/mail/outbox.server.ts";
import { hashOfToken, newSecretToken } from "#app/server/http/secret-tokens.server.ts";

function selectCertificates(db: Db) {
  return db
    .selectFrom("certificate_requests as c")
    .leftJoin("operators as o", "o.id", "c.issued_by")
    .leftJoin("request_documents as d", "d.id", "c.document_id")
    .select([
      "c.id",
      "c.reference",
      "c.holder_name",
      "c.holder_address",
      "c.holder_email",
      "c.additional_insured",
      "c.waiver_of_subrogation",
      "c.primary_non_contributory",
      "c.job",
      "c.operations_wanted",
      "c.limits_required",
      "c.additional_insured_operations",
      sql<string>`c.needed_by::text`.as("needed_by"),
      "c.requested_at",
      "c.status",
      "c.document_id",
      "c.issued_at",
      "o.email as issued_by_email",
      "d.file_name",
    ]);
}

type CertificateRow = Awaited<
  ReturnType<ReturnType<typeof selectCertificates>["executeTakeFirstOrThrow"]>
>;

function toCertificate(row: CertificateRow): CertificateRequest {
  return {
    id: row.id,
    reference: row.reference,
    holder: { name: row.holder_name, address: row.holder_address, email: row.holder_email },
    endorsements: {
      additionalInsured: row.additional_insured,
      waiverOfSubrogation: row.waiver_of_subrogation,
      primaryNonContributory: row.primary_non_contributory,
    },
    job: row.job,
    operationsWanted: row.operations_wanted,
    limitsRequired: row.limits_required,
    additionalInsuredOperations: toAdditionalInsuredOperations(row.additional_insured_operations),
    neededBy: row.needed_by,
    requestedAt: new Date(row.requested_at),
    status: row.status === "issued" ? "issued" : "requested",
    issued:
      row.status === "issued" && row.issued_at !== null && row.document_id !== null
        ? {
            at: new Date(row.issued_at),
            by: row.issued_by_email ?? "",
            documentId: row.document_id,
            fileName: row.file_name ?? "",
          }
        : null,
  };
}

/** The most certificate requests a page lists (an application's, newest first). */
export const CERTIFICATES_LISTED = 100;

/**
 * The certificate requests of each submission, oldest first, as the lead record carries them
 * (since 1.4): the holder, the day needed, when asked and when issued.
 */
export async function certificateRecords(
  db: Db,
  submissionIds: readonly string[],
): Promise<Map<string, LeadRecord["certificates"]>> {
  const records = new Map<string, LeadRecord["certificates"]>();
  if (submissionIds.length === 0) return records;
  const rows = await db
    .selectFrom("certificate_requests")
    .select([
      "submission_id",
      "reference",
      "holder_name",
      sql<string>`needed_by::text`.as("needed_by"),
      "requested_at",
      "issued_at",
    ])
    .where("submission_id", "in", submissionIds)
    .orderBy("requested_at")
    .orderBy("reference")
    .execute();
  for (const row of rows) {
    const list = records.get(row.submission_id) ?? [];
    list.push({
      reference: row.reference,
      holder: row.holder_name,
      neededBy: row.needed_by,
      requestedAt: new Date(row.requested_at).toISOString(),
      issuedAt: row.issued_at === null ? null : new Date(row.issued_at).toISOString(),
    });
    records.set(row.submission_id, list);
  }
  return records;
}

/** An application's certificate requests, newest first. */
export async function listCertificateRequests(
  db: Db,
  submissionId: string,
): Promise<CertificateRequest[]> {
  const rows = await selectCertificates(db)
    .where("c.submission_id", "=", submissionId)
    .orderBy("c.requested_at", "desc")
    .orderBy("c.reference", "desc")
    .limit(CERTIFICATES_LISTED)
    .execute();
  return rows.map(toCertificate);
}

/** The holders an application has named, newest first, each once: offered on the next request. */
export async function previousHolders(db: Db, submissionId: string): Promise<CertificateHolder[]> {
  const holders: CertificateHolder[] = [];
  for (const certificate of await listCertificateRequests(db, submissionId)) {
    if (!holders.some((holder) => sameHolder(holder, certificate.holder))) {
      holders.push(certificate.holder);
    }
  }
  return holders;
}

/** The bound policy a certificate would be for: the application's latest, locked. */
async function lockBoundPolicy(trx: Db, submissionId: string) {
  return (
    trx
      .selectFrom("bind_requests as b")
      .innerJoin("quote_requests as r", "r.id", "b.quote_request_id")
      .select(["b.id", "b.quote_request_id", "r.reference", "b.policy_number"])
      .where("b.submission_id", "=", submissionId)
      .where("b.status", "=", "bound")
      // A binder alone certifies nothing here: the certificate follows the policy (issue 55).
      .where("b.policy_number", "is not", null)
      .orderBy("b.bound_at", "desc")
      .limit(1)
      .forUpdate("b")
      .executeTakeFirst()
  );
}

/** What asking for a certificate did. */
export type CertificateAsking =
  | { outcome: "requested"; id: string; reference: string; repeated: boolean }
  | { outcome: "not-bound" | "too-many" };

/**
 * The visitor's request for a certificate on their application's bound policy, kept as sent and
 * numbered on the policy's request; at most OPEN_CERTIFICATE_REQUESTS_PER_POLICY wait at once.
 * The timeline says so (no operator: the visitor's act).
 */
export async function requestCertificate(
  db: Db,
  submissionId: string,
  form: CertificateForm,
): Promise<CertificateAsking> {
  return inTransaction(db, async (trx): Promise<CertificateAsking> => {
    const policy = await lockBoundPolicy(trx, submissionId);
    if (!policy) return { outcome: "not-bound" };
    const counts = await trx
      .selectFrom("certificate_requests")
      .select([
        sql<number>`count(*)::int`.as("all"),
        sql<number>`count(*) FILTER (WHERE status = 'requested')::int`.as("open"),
      ])
      .where("bind_request_id", "=", policy.id)
      .executeTakeFirstOrThrow();
    // The same request again while it waits (a double click, a reload): the first, unchanged.
    const same = await trx
      .selectFrom("certificate_requests")
      .select(["id", "reference"])
      .where("bind_request_id", "=", policy.id)
      .where("status", "=", "requested")
      .where("holder_name", "=", form.holderName)
      .where("holder_address", "=", form.holderAddress)
      .where(sql<boolean>`holder_email IS NOT DISTINCT FROM ${form.holderEmail ?? null}`)
      .where("additional_insured", "=", form.additionalInsured)
      .where("waiver_of_subrogation", "=", form.waiverOfSubrogation)
      .where("primary_non_contributory", "=", form.primaryNonContributory)
      .where("job", "=", form.job)
      .where(
        sql<boolean>`(operations_wanted, limits_required, additional_insured_operations)
          IS NOT DISTINCT FROM (${form.operationsWanted ?? null}::text,
            ${form.limitsRequired ?? null}::text, ${form.additionalInsuredOperations ?? null}::text)`,
      )
      .where(sql<boolean>`needed_by = ${form.neededBy}::date`)
      .executeTakeFirst();
    if (same)
      return { outcome: "requested", id: same.id, reference: same.reference, repeated: true };
    if (counts.open >= OPEN_CERTIFICATE_REQUESTS_PER_POLICY) return { outcome: "too-many" };
    const reference = certificateReference(policy.reference, counts.all + 1);
    const { id } = await trx
      .insertInto("certificate_requests")
      .values({
        submission_id: submissionId,
        bind_request_id: policy.id,
        reference,
        holder_name: form.holderName,
        holder_address: form.holderAddress,
        holder_email: form.holderEmail ?? null,
        additional_insured: form.additionalInsured,
        waiver_of_subrogation: form.waiverOfSubrogation,
        primary_non_contributory: form.primaryNonContributory,
        job: form.job,
        operations_wanted: form.operationsWanted ?? null,
        limits_required: form.limitsRequired ?? null,
        additional_insured_operations: form.additionalInsuredOperations ?? null,
        needed_by: form.neededBy,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addActivity(trx, {
      submissionId,
      operatorId: null,
      kind: "certificate",
      body: `${reference}: the visitor asked for a certificate for ${form.holderName}, needed by ${form.neededBy} (${endorsementsText(form)})`,
    });
    return { outcome: "requested", id, reference, repeated: false };
  });
}

/** What issuing a certificate did. */
export type CertificateIssuing =
  | {
      outcome: "issued";
      reference: string;
      holderName: string;
      visitorEmailed: boolean;
      /** Why the visitor's email was held, when it was (decision 054). */
      visitorHeld?: "limit" | "unproven";
      holderEmailed: boolean | null;
    }
  | { outcome: "not-found" | "wrong-type" };

/**
 * Issues a waiting certificate request of the lead with the certificate's PDF (by its first bytes):
 * the PDF is filed on the policy's request, the request shows as issued with the operator and the
 * time, the visitor is emailed a one-time link to their policy's page and the holder, if an address
 * was given, a link of their own to the PDF valid HOLDER_LINK_DAYS (the visitor's an agency email,
 * decision 054; the holder's, to an address nobody proved, under its hourly cap). One
 * transaction: nothing is issued or sent unless all of it is kept.
 */
export async function issueCertificate(
  db: Db,
  submissionId: string,
  certificateId: string,
  file: ReceivedFile,
  people: { email: string; firstName: string | null; businessName: string; language: Locale },
  options: DeskSending,
): Promise<CertificateIssuing> {
  if (!isUuid(certificateId)) return { outcome: "not-found" };
  return inTransaction(db, async (trx): Promise<CertificateIssuing> => {
    const certificate = await trx
      .selectFrom("certificate_requests as c")
      .innerJoin("bind_requests as b", "b.id", "c.bind_request_id")
      .innerJoin("quote_requests as r", "r.id", "b.quote_request_id")
      .select([
        "c.id",
        "c.reference",
        "c.holder_name",
        "c.holder_email",
        "r.id as request_id",
        "r.reference as request_reference",
      ])
      .where("c.id", "=", certificateId)
      .where("c.submission_id", "=", submissionId)
      .where("c.status", "=", "requested")
      .forUpdate("c")
      .executeTakeFirst();
    if (!certificate) return { outcome: "not-found" };
    const request = {
      id: certificate.request_id,
      submissionId,
      reference: certificate.request_reference,
    };
    const filing = await insertCertificateDocument(
      trx,
      request,
      file,
      certificate.reference,
      options.operatorId,
    );
    if (filing.outcome !== "filed") return { outcome: "wrong-type" };
    const token = certificate.holder_email ? newSecretToken() : null;
    await trx
      .updateTable("certificate_requests")
      .set({
        status: "issued",
        document_id: filing.document.id,
        issued_at: sql`now()`,
        issued_by: options.operatorId,
        holder_token_hash: token ? hashOfToken(token) : null,
        holder_link_expires_at: token
          ? sql<Date>`now() + make_interval(days => ${HOLDER_LINK_DAYS})`
          : null,
      })
      .where("id", "=", certificate.id)
      .execute();
    let holderEmailed: boolean | null = null;
    if (certificate.holder_email && token) {
      const email = holderCertificateEmail({
        holderName: certificate.holder_name,
        businessName: people.businessName,
        reference: certificate.reference,
        link: `${options.siteUrl}${holderCertificatePath(token)}`,
        linkDays: HOLDER_LINK_DAYS,
        agency: options.agency,
      });
      holderEmailed = await queueCappedEmail(trx, certificate.holder_email, email, options.perHour);
    }
    const sent = await queueVisitorLinkEmail(trx, request.submissionId, people.email, {
      siteUrl: options.siteUrl,
      operatorId: options.operatorId,
      limits: options.limits,
      opens: "policy",
      locale: people.language,
      render: (link) =>
        certificateIssuedEmail({
          firstName: people.firstName,
          reference: certificate.reference,
          holderName: certificate.holder_name,
          holderEmailed: holderEmailed === true,
          link,
          agency: options.agency,
          locale: people.language,
        }),
    });
    await addActivity(trx, {
      submissionId,
      operatorId: options.operatorId,
      kind: "certificate",
      body: `${certificate.reference}: certificate for ${certificate.holder_name} issued (${filing.document.fileName})${
        holderEmailed === null
          ? ""
          : holderEmailed
            ? `, emailed to ${certificate.holder_email}`
            : ", not emailed to the holder (their hourly cap)"
      }`,
    });
    return {
      outcome: "issued",
      reference: certificate.reference,
      holderName: certificate.holder_name,
      visitorEmailed: sent === "queued",
      visitorHeld: sent === "queued" ? undefined : sent,
      holderEmailed,
    };
  });
}

/** The certificate a holder's link opens, while it works: its document's id; undefined otherwise. */
export async function holderCertificate(
  db: Db,
  token: string,
): Promise<{ documentId: string } | undefined> {
  if (!isLinkToken(token)) return undefined;
  const row = await db
    .selectFrom("certificate_requests")
    .select("document_id")
    .where("holder_token_hash", "=", hashOfToken(token))
    .where("holder_link_expires_at", ">", sql<Date>`now()`)
    .where("status", "=", "issued")
    .executeTakeFirst();
  return row?.document_id ? { documentId: row.document_id } : undefined;
}

/** One line of the desk's certificate queue. */
export interface QueuedCertificate {
  id: string;
  submissionId: string;
  reference: string;
  lead: string | null;
  holderName: string;
  asks: string;
  neededBy: string;
  requestedAt: Date;
  issuedAt: Date | null;
}

/** The most lines the desk's queue shows of each list. */
export const CERTIFICATE_QUEUE_LIMIT = 200;

/**
 * The desk's certificate queue: the waiting requests, the soonest needed first (then the oldest),
 * and the latest issued, newest first.
 */
export async function certificateQueue(
  db: Db,
): Promise<{ waiting: QueuedCertificate[]; issued: QueuedCertificate[] }> {
  const base = () =>
    db
      .selectFrom("certificate_requests as c")
      .innerJoin("business_wizard_submissions as s", "s.id", "c.submission_id")
      .select([
        "c.id",
        "c.submission_id",
        "c.reference",
        `s.${LEAD_NAME_COLUMN} as lead` as const,
        "c.holder_name",
        "c.additional_insured",
        "c.waiver_of_subrogation",
        "c.primary_non_contributory",
        sql<string>`c.needed_by::text`.as("needed_by"),
        "c.requested_at",
        "c.issued_at",
      ]);
  const [waiting, issued] = await Promise.all([
    base()
      .where("c.status", "=", "requested")
      .orderBy("c.needed_by")
      .orderBy("c.requested_at")
      .limit(CERTIFICATE_QUEUE_LIMIT)
      .execute(),
    base().where("c.status", "=", "issued").orderBy("c.issued_at", "desc").limit(20).execute(),
  ]);
  const line = (row: (typeof waiting)[number]): QueuedCertificate => ({
    id: row.id,
    submissionId: row.submission_id,
    reference: row.reference,
    lead: row.lead,
    holderName: row.holder_name,
    asks: endorsementsText({
      additionalInsured: row.additional_insured,
      waiverOfSubrogation: row.waiver_of_subrogation,
      primaryNonContributory: row.primary_non_contributory,
    }),
    neededBy: row.needed_by,
    requestedAt: new Date(row.requested_at),
    issuedAt: row.issued_at === null ? null : new Date(row.issued_at),
  });
  return { waiting: waiting.map(line), issued: issued.map(line) };
}

// Certificates drawn from the policy (issue 56, decision 069).

/** The customer's policies on record for a certificate: `policyId`'s first, then the others in force. */
async function policiesOnRecord(
  db: Db,
  submissionId: string,
  policyId: string,
  today: string,
): Promise<PolicyOnRecord[]> {
  const rows = await db
    .selectFrom("bind_requests")
    .select([
      "id",
      "quote_seen",
      "policy_number",
      sql<string>`policy_start::text`.as("policy_start"),
      sql<string>`policy_end::text`.as("policy_end"),
    ])
    .where("submission_id", "=", submissionId)
    .where("status", "=", "bound")
    // The policy itself, and the others in force that no bound renewal has replaced.
    .where((eb) =>
      eb.or([
        eb("id", "=", policyId),
        eb.and([
          eb(sql<string>`policy_end::text`, ">=", today),
          eb.not(
            eb.exists(
              eb
                .selectFrom("bind_requests as renewal")
                .innerJoin("quote_requests as r", "r.id", "renewal.quote_request_id")
                .select("renewal.id")
                .whereRef("r.renews_bind_request_id", "=", "bind_requests.id")
                .where("renewal.status", "=", "bound"),
            ),
          ),
        ]),
      ]),
    )
    .orderBy("bound_at")
    .execute();
  rows.sort((a, b) => (a.id === policyId ? -1 : b.id === policyId ? 1 : 0));
  return rows.map((row) => {
    const seen = quoteSeenSchema.parse(row.quote_seen);
    return {
      insurer: seen.insurer,
      policyNumber: row.policy_number ?? "",
      start: row.policy_start,
      end: row.policy_end,
      lines: seen.lines,
    };
  });
}

/** What the quote seen keeps that a certificate reads: the insurer and the lines. */
const quoteSeenSchema = z.object({ insurer: z.string(), lines: storedLinesSchema });

/** The insured as the application names it: the legal name (else the business's) and its address. */
async function insuredOf(db: Db, submissionId: string) {
  const row = await db
    .selectFrom("business_wizard_submissions")
    .select([
      "legal_business_name",
      LEAD_NAME_COLUMN,
      "primary_location",
      "same_address",
      "mailing_address",
    ])
    .where("id", "=", submissionId)
    .executeTakeFirstOrThrow();
  const address =
    row.same_address === "No" && row.mailing_address ? row.mailing_address : row.primary_location;
  return { name: row.legal_business_name ?? row[LEAD_NAME_COLUMN] ?? "", address: address ?? "" };
}

/** A waiting or issued certificate request with what the desk drew for it, if it drew one. */
export interface CertificateForDrawing {
  certificate: CertificateRequest;
  policyId: string;
  contents: CertificateContents | null;
  policies: PolicyOnRecord[];
  insured: { name: string; address: string };
}

/** One certificate request of the lead, for the desk's drawing page; undefined if not the lead's. */
export async function certificateForDrawing(
  db: Db,
  submissionId: string,
  certificateId: string,
  today: string,
): Promise<CertificateForDrawing | undefined> {
  if (!isUuid(certificateId)) return undefined;
  const row = await selectCertificates(db)
    .select(["c.bind_request_id", "c.contents"])
    .where("c.id", "=", certificateId)
    .where("c.submission_id", "=", submissionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [policies, insured] = await Promise.all([
    policiesOnRecord(db, submissionId, row.bind_request_id, today),
    insuredOf(db, submissionId),
  ]);
  return {
    certificate: toCertificate(row),
    policyId: row.bind_request_id,
    // Written by this module only, from CertificateContents.
    contents: (row.contents ?? null) as CertificateContents | null,
    policies,
    insured,
  };
}

/**
 * Keeps the certificate the desk drew for a waiting request (its preview), replacing an earlier
 * draft; the timeline says who drew it. False if the request is not the lead's or not waiting.
 */
export async function saveCertificateDraft(
  db: Db,
  submissionId: string,
  certificateId: string,
  contents: CertificateContents,
  operatorId: string,
): Promise<boolean> {
  if (!isUuid(certificateId)) return false;
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable("certificate_requests")
      .set({ contents: JSON.stringify(contents) })
      .where("id", "=", certificateId)
      .where("submission_id", "=", submissionId)
      .where("status", "=", "requested")
      .returning("reference")
      .executeTakeFirst();
    if (!updated) return false;
    await addActivity(trx, {
      submissionId,
      operatorId,
      kind: "certificate",
      body: `${updated.reference}: certificate for ${contents.holder.name} drawn from the policy, to review`,
    });
    return true;
  });
}

/** The PDF of drawn contents as an upload would bring it, in a directory removed after `issue`. */
async function withDrawnPdf<T>(
  contents: CertificateContents,
  issue: (file: ReceivedFile) => Promise<T>,
): Promise<T> {
  const bytes = await certificatePdf(contents);
  const directory = await mkdtemp(join(tmpdir(), "coverpilot-certificate-"));
  try {
    const path = join(directory, "certificate.pdf");
    await writeFile(path, bytes);
    return await issue({
      path,
      claimedName: `certificate-${contents.reference}.pdf`,
      byteSize: bytes.byteLength,
      head: bytes.slice(0, 16),
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Sends the certificate the desk drew and reviewed for a waiting request: its PDF is issued as an
 * uploaded one would be (filed, emailed to the visitor and the holder). "not-found" without a draft.
 */
export async function sendDrawnCertificate(
  db: Db,
  submissionId: string,
  certificateId: string,
  people: { email: string; firstName: string | null; businessName: string; language: Locale },
  options: DeskSending,
): Promise<CertificateIssuing> {
  if (!isUuid(certificateId)) return { outcome: "not-found" };
  const row = await db
    .selectFrom("certificate_requests")
    .select("contents")
    .where("id", "=", certificateId)
    .where("submission_id", "=", submissionId)
    .where("status", "=", "requested")
    .executeTakeFirst();
  if (!row?.contents) return { outcome: "not-found" };
  // Written by saveCertificateDraft, from CertificateContents.
  const contents = row.contents as CertificateContents;
  return withDrawnPdf(contents, (file) =>
    issueCertificate(db, submissionId, certificateId, file, people, options),
  );
}

/** One certificate sent to a holder, as the customer's list of holders shows it. */
export interface HolderCertificate {
  id: string;
  reference: string;
  policyNumber: string;
  showed: string;
  sentAt: Date;
  documentId: string;
}

/** A holder of the customer's certificates, with each certificate they were sent, newest first. */
export interface CustomerHolder {
  holder: CertificateHolder;
  certificates: HolderCertificate[];
}

/** The holders of the customer's issued certificates, the most recently sent first. */
export async function customerHolders(db: Db, submissionId: string): Promise<CustomerHolder[]> {
  const rows = await db
    .selectFrom("certificate_requests as c")
    .innerJoin("bind_requests as b", "b.id", "c.bind_request_id")
    .select([
      "c.id",
      "c.reference",
      "c.holder_name",
      "c.holder_address",
      "c.holder_email",
      "c.additional_insured",
      "c.waiver_of_subrogation",
      "c.primary_non_contributory",
      "c.contents",
      "c.issued_at",
      "c.document_id",
      "b.policy_number",
    ])
    .where("c.submission_id", "=", submissionId)
    .where("c.status", "=", "issued")
    .orderBy("c.issued_at", "desc")
    .limit(CERTIFICATES_LISTED)
    .execute();
  const holders: CustomerHolder[] = [];
  for (const row of rows) {
    const holder = { name: row.holder_name, address: row.holder_address, email: row.holder_email };
    let entry = holders.find((known) => sameHolder(known.holder, holder));
    if (!entry) {
      entry = { holder, certificates: [] };
      holders.push(entry);
    }
    // Written by this module only, from CertificateContents.
    const contents = row.contents as CertificateContents | null;
    entry.certificates.push({
      id: row.id,
      reference: row.reference,
      policyNumber: row.policy_number ?? "",
      showed: contents
        ? contentsSummary(contents)
        : `uploaded PDF; asked for: ${endorsementsText({
            additionalInsured: row.additional_insured,
            waiverOfSubrogation: row.waiver_of_subrogation,
            primaryNonContributory: row.primary_non_contributory,
          })}`,
      sentAt: new Date(row.issued_at ?? 0),
      documentId: row.document_id ?? "",
    });
  }
  return holders;
}

/** A renewed policy whose expiring policy's holders may have their certificates reissued. */
export interface RenewalReissue {
  /** The renewed policy (its request to bind) and its number. */
  policyId: string;
  policyNumber: string;
  /** The policy it renews. */
  renewsNumber: string;
  /** The active holders' certificates on the policy it renews, not yet reissued: one per holder. */
  certificates: { id: string; reference: string; holderName: string }[];
}

/**
 * The reissue the desk offers: the customer's latest renewed policy (bound on a renewal request)
 * and, for each active holder of the policy it renews — a holder whose latest certificate was
 * issued on it — that certificate, unless it was reissued on the renewed policy already.
 */
export async function renewalReissue(
  db: Db,
  submissionId: string,
): Promise<RenewalReissue | undefined> {
  const renewed = await db
    .selectFrom("bind_requests as b")
    .innerJoin("quote_requests as r", "r.id", "b.quote_request_id")
    .innerJoin("bind_requests as old", "old.id", "r.renews_bind_request_id")
    .select(["b.id", "b.policy_number", "old.id as old_id", "old.policy_number as old_number"])
    .where("b.submission_id", "=", submissionId)
    .where("b.status", "=", "bound")
    .orderBy("b.bound_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!renewed) return undefined;
  const issued = await db
    .selectFrom("certificate_requests")
    .select(["id", "reference", "holder_name", "holder_address", "holder_email", "bind_request_id"])
    .where("submission_id", "=", submissionId)
    .where("status", "=", "issued")
    .orderBy("issued_at", "desc")
    .execute();
  const reissued = new Set(
    (
      await db
        .selectFrom("certificate_requests")
        .select("reissued_from")
        .where("bind_request_id", "=", renewed.id)
        .where("reissued_from", "is not", null)
        .execute()
    ).map((row) => row.reissued_from),
  );
  const seen: CertificateHolder[] = [];
  const certificates: RenewalReissue["certificates"] = [];
  for (const row of issued) {
    const holder = { name: row.holder_name, address: row.holder_address, email: row.holder_email };
    if (seen.some((known) => sameHolder(known, holder))) continue;
    seen.push(holder);
    if (row.bind_request_id === renewed.old_id && !reissued.has(row.id)) {
      certificates.push({ id: row.id, reference: row.reference, holderName: row.holder_name });
    }
  }
  return {
    policyId: renewed.id,
    policyNumber: renewed.policy_number ?? "",
    renewsNumber: renewed.old_number ?? "",
    certificates,
  };
}

/**
 * Reissues, in one step, every active holder's certificate on the customer's renewed policy
 * (renewalReissue): for each, a certificate of its own numbered on the renewed policy's request,
 * drawn again from the policy record with what the desk entered for the one it replaces (or, for
 * one uploaded, the visitor's words), then issued and sent as any other. Returns the references.
 */
export async function reissueOnRenewal(
  db: Db,
  submissionId: string,
  people: { email: string; firstName: string | null; businessName: string; language: Locale },
  options: DeskSending & { today: string },
): Promise<{ reference: string; holderName: string; holderEmailed: boolean | null }[]> {
  const offer = await renewalReissue(db, submissionId);
  if (!offer) return [];
  const [policies, insured] = await Promise.all([
    policiesOnRecord(db, submissionId, offer.policyId, options.today),
    insuredOf(db, submissionId),
  ]);
  const done: { reference: string; holderName: string; holderEmailed: boolean | null }[] = [];
  for (const previous of offer.certificates) {
    const old = await db
      .selectFrom("certificate_requests")
      .selectAll()
      .where("id", "=", previous.id)
      .executeTakeFirstOrThrow();
    // Written by this module only, from CertificateContents.
    const oldContents = old.contents as CertificateContents | null;
    const draft: CertificateDraft = oldContents
      ? draftFromContents(oldContents)
      : {
          description: old.operations_wanted ?? old.job,
          additionalInsured: old.additional_insured,
          waiverOfSubrogation: old.waiver_of_subrogation,
        };
    // The NAIC numbers entered before, by insurer, on the letters the renewed record gives.
    policies.forEach((policy, index) => {
      const letter = INSURER_LETTERS[index];
      const known = oldContents?.insurers.find((insurer) => insurer.name === policy.insurer);
      if (letter && known?.naic) draft[`naic${letter}`] = known.naic;
    });
    const created = await inTransaction(db, async (trx) => {
      const policy = await trx
        .selectFrom("bind_requests as b")
        .innerJoin("quote_requests as r", "r.id", "b.quote_request_id")
        .select(["r.reference"])
        .where("b.id", "=", offer.policyId)
        .forUpdate("b")
        .executeTakeFirstOrThrow();
      const { count } = await trx
        .selectFrom("certificate_requests")
        .select(sql<number>`count(*)::int`.as("count"))
        .where("bind_request_id", "=", offer.policyId)
        .executeTakeFirstOrThrow();
      const reference = certificateReference(policy.reference, count + 1);
      const contents = certificateContents({
        reference,
        issuedOn: options.today,
        agency: options.agency,
        insured,
        holder: { name: old.holder_name, address: old.holder_address },
        policies,
        lineName,
        draft,
      });
      const { id } = await trx
        .insertInto("certificate_requests")
        .values({
          submission_id: submissionId,
          bind_request_id: offer.policyId,
          reference,
          holder_name: old.holder_name,
          holder_address: old.holder_address,
          holder_email: old.holder_email,
          additional_insured: old.additional_insured,
          waiver_of_subrogation: old.waiver_of_subrogation,
          primary_non_contributory: old.primary_non_contributory,
          job: old.job,
          operations_wanted: old.operations_wanted,
          limits_required: old.limits_required,
          additional_insured_operations: old.additional_insured_operations,
          needed_by: options.today,
          contents: JSON.stringify(contents),
          reissued_from: old.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await addActivity(trx, {
        submissionId,
        operatorId: options.operatorId,
        kind: "certificate",
        body: `${reference}: ${old.reference} for ${old.holder_name} reissued on the renewed policy ${offer.policyNumber}`,
      });
      return { id, contents };
    });
    const issued = await withDrawnPdf(created.contents, (file) =>
      issueCertificate(db, submissionId, created.id, file, people, options),
    );
    if (issued.outcome === "issued") {
      done.push({
        reference: issued.reference,
        holderName: issued.holderName,
        holderEmailed: issued.holderEmailed,
      });
    }
  }
  return done;
}
