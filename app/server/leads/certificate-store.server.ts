/**
 * Certificates of insurance on a bound policy (issue 30, decision 045). The visitor's request is
 * kept exactly as sent, numbered on its policy's request (`CP-…-C1`, `-C2`); the desk issues it
 * with the certificate's PDF, which is filed among the request's documents; the visitor is emailed
 * a one-time link to their policy's page, and the holder, if the visitor gave their address, a
 * link of their own to the PDF. Each enters the lead's timeline in its transaction.
 */
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
  type CertificateForm,
  type CertificateHolder,
  type CertificateRequest,
} from "#app/domain/quote/certificates.ts";
import { LEAD_NAME_COLUMN } from "#app/domain/application/application-fields.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { isUuid } from "#app/domain/values/ids.ts";
import { isLinkToken } from "#app/domain/values/link-tokens.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import type { ReceivedFile } from "#app/server/http/multipart-upload.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";
import { insertCertificateDocument } from "#app/server/leads/document-store.server.ts";
import {
  queueVisitorLinkEmail,
  type DeskSending,
} from "#app/server/leads/insurer-quote-store.server.ts";
import { queueCappedEmail } from "#app/server/mail/outbox.server.ts";
import { hashOfToken, newSecretToken } from "#app/server/secret-tokens.server.ts";

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
  return trx
    .selectFrom("bind_requests as b")
    .innerJoin("quote_requests as r", "r.id", "b.quote_request_id")
    .select(["b.id", "b.quote_request_id", "r.reference", "b.policy_number"])
    .where("b.submission_id", "=", submissionId)
    .where("b.status", "=", "bound")
    .orderBy("b.bound_at", "desc")
    .limit(1)
    .forUpdate("b")
    .executeTakeFirst();
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
