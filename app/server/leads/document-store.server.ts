/**
 * Documents on a quote request (issue 29, decision 043): the visitor's (loss runs, a declarations
 * page…) and the insurer's quote PDF an operator attaches to a quote. Each is kept in the database
 * in chunks of at most CHUNK_BYTES, written from the upload's temporary file and read back one
 * chunk at a time, so that no server holds a whole file. A document is filed, with its timeline
 * entry, in one short transaction; the bytes are never logged.
 */
import { open } from "node:fs/promises";

import { sql } from "kysely";

import {
  DOCUMENT_PURPOSES,
  documentTypeOf,
  formatBytes,
  PDF_CONTENT_TYPES,
  VISITOR_CONTENT_TYPES,
  VISITOR_DOCUMENTS_PER_APPLICATION,
  visitorDocumentKindLabel,
  documentFileName,
  type DocumentContentType,
  type DocumentPurpose,
  type RequestDocument,
  type VisitorDocumentKind,
} from "#app/domain/quote/request-documents.ts";
import { possessive } from "#app/domain/site/possessive.ts";
import { isUuid } from "#app/domain/values/ids.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import type { ReceivedFile } from "#app/server/http/multipart-upload.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";
import {
  lockOpenRequest,
  type QuotedRequest,
} from "#app/server/leads/insurer-quote-store.server.ts";

/** The most bytes of a document one row holds (the database checks it too). */
export const CHUNK_BYTES = 256 * 1024;

/** What filing a document did. */
export type Filing =
  | { outcome: "filed"; document: { id: string; fileName: string } }
  | { outcome: "wrong-type" | "too-many" | "closed" | "not-found" };

function selectDocuments(db: Db) {
  return db
    .selectFrom("request_documents as d")
    .leftJoin("operators as o", "o.id", "d.uploaded_by")
    .select([
      "d.id",
      "d.purpose",
      "d.kind",
      "d.insurer_quote_id",
      "d.file_name",
      "d.content_type",
      "d.byte_size",
      "d.sha256",
      "o.email",
      "d.created_at",
    ])
    .where("d.replaced_at", "is", null);
}

type DocumentRow = Awaited<
  ReturnType<ReturnType<typeof selectDocuments>["executeTakeFirstOrThrow"]>
>;

function toDocument(row: DocumentRow): RequestDocument {
  return {
    id: row.id,
    purpose: DOCUMENT_PURPOSES.find((purpose) => purpose === row.purpose) ?? "visitor",
    kind: row.kind,
    insurerQuoteId: row.insurer_quote_id,
    fileName: row.file_name,
    contentType: row.content_type,
    byteSize: row.byte_size,
    sha256: row.sha256,
    uploadedBy: row.email,
    createdAt: new Date(row.created_at),
  };
}

/** A request's documents, oldest first: the visitor's and the insurer quotes' current PDFs. */
export async function listRequestDocuments(db: Db, requestId: string): Promise<RequestDocument[]> {
  const rows = await selectDocuments(db)
    .where("d.quote_request_id", "=", requestId)
    .orderBy("d.created_at")
    .orderBy("d.id")
    .execute();
  return rows.map(toDocument);
}

/**
 * Writes a received file's bytes as the document's chunks, in order. Each goes as base64 text that
 * the database decodes: PGlite turns a binary parameter into text byte by byte, ten times slower and
 * with a hundred times the garbage (measured: 10 MB in 4.4 s and +130 MB of heap, against 0.4 s and
 * +19 MB); PostgreSQL takes either.
 */
async function writeChunks(db: Db, documentId: string, file: ReceivedFile): Promise<void> {
  // One buffer per file, read into again for each chunk: nothing piles up for the collector.
  const buffer = Buffer.alloc(CHUNK_BYTES);
  const handle = await open(file.path, "r");
  try {
    for (let seq = 0; ; seq += 1) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      const base64 = buffer.toString("base64", 0, bytesRead);
      await db
        .insertInto("request_document_chunks")
        .values({
          document_id: documentId,
          seq,
          bytes: sql<Uint8Array>`decode(${base64}, 'base64')`,
        })
        .execute();
    }
  } finally {
    await handle.close();
  }
}

function describe(fileName: string, byteSize: number): string {
  return `${fileName}, ${formatBytes(byteSize)}`;
}

/**
 * Files a document the visitor sent on their open request: a PDF, JPEG or PNG by its first bytes,
 * at most VISITOR_DOCUMENTS_PER_APPLICATION on the application. The timeline says so, with no
 * operator (the visitor did it).
 */
export async function fileVisitorDocument(
  db: Db,
  request: QuotedRequest,
  file: ReceivedFile,
  kind: VisitorDocumentKind,
): Promise<Filing> {
  const contentType = documentTypeOf(file.head, VISITOR_CONTENT_TYPES);
  if (!contentType) return { outcome: "wrong-type" };
  return inTransaction(db, async (trx): Promise<Filing> => {
    const state = await lockOpenRequest(trx, request);
    if (state !== "open") return { outcome: state ?? "not-found" };
    const { count } = await trx
      .selectFrom("request_documents")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("submission_id", "=", request.submissionId)
      .where("purpose", "=", "visitor")
      .executeTakeFirstOrThrow();
    if (Number(count) >= VISITOR_DOCUMENTS_PER_APPLICATION) return { outcome: "too-many" };
    const document = await insertDocument(trx, request, file, contentType, {
      purpose: "visitor",
      kind,
      insurer_quote_id: null,
      uploaded_by: null,
    });
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: null,
      kind: "document",
      body: `${request.reference}: the visitor sent a document (${visitorDocumentKindLabel(kind)}: ${describe(document.fileName, file.byteSize)})`,
    });
    return { outcome: "filed", document };
  });
}

/**
 * Attaches the insurer's quote document (a PDF by its first bytes) to a quote of an open request
 * that is not withdrawn; a PDF attached before is replaced (kept, no longer shown). Entered on the
 * timeline with the operator.
 */
export async function attachInsurerQuoteDocument(
  db: Db,
  request: QuotedRequest,
  quoteId: string,
  file: ReceivedFile,
  operatorId: string,
): Promise<Filing> {
  if (!isUuid(quoteId)) return { outcome: "not-found" };
  const contentType = documentTypeOf(file.head, PDF_CONTENT_TYPES);
  if (!contentType) return { outcome: "wrong-type" };
  return inTransaction(db, async (trx): Promise<Filing> => {
    const state = await lockOpenRequest(trx, request);
    if (state !== "open") return { outcome: state ?? "not-found" };
    const quote = await trx
      .selectFrom("insurer_quotes")
      .select("insurer")
      .where("id", "=", quoteId)
      .where("quote_request_id", "=", request.id)
      .where("status", "<>", "withdrawn")
      .executeTakeFirst();
    if (!quote) return { outcome: "not-found" };
    await trx
      .updateTable("request_documents")
      .set({ replaced_at: sql`now()` })
      .where("insurer_quote_id", "=", quoteId)
      .where("replaced_at", "is", null)
      .execute();
    const document = await insertDocument(trx, request, file, contentType, {
      purpose: "insurer-quote",
      kind: null,
      insurer_quote_id: quoteId,
      uploaded_by: operatorId,
    });
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId,
      kind: "document",
      body: `${request.reference}: the insurer's document attached to ${possessive(quote.insurer)} quote (${describe(document.fileName, file.byteSize)})`,
    });
    return { outcome: "filed", document };
  });
}

async function insertDocument(
  trx: Db,
  request: QuotedRequest,
  file: ReceivedFile,
  contentType: DocumentContentType,
  who: {
    purpose: DocumentPurpose;
    kind: VisitorDocumentKind | null;
    insurer_quote_id: string | null;
    uploaded_by: string | null;
  },
): Promise<{ id: string; fileName: string }> {
  const fileName = documentFileName(file.claimedName, contentType);
  const { id } = await trx
    .insertInto("request_documents")
    .values({
      submission_id: request.submissionId,
      quote_request_id: request.id,
      file_name: fileName,
      content_type: contentType,
      byte_size: file.byteSize,
      sha256: file.sha256,
      ...who,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await writeChunks(trx, id, file);
  return { id, fileName };
}

/**
 * Files a PDF (by its first bytes) that an operator brings to the request, in the caller's
 * transaction, entered on the timeline with the operator as `what` added.
 */
async function insertOperatorPdf(
  trx: Db,
  request: QuotedRequest,
  file: ReceivedFile,
  operatorId: string,
  purpose: "policy" | "certificate",
  what: string,
): Promise<Filing> {
  const contentType = documentTypeOf(file.head, PDF_CONTENT_TYPES);
  if (!contentType) return { outcome: "wrong-type" };
  const document = await insertDocument(trx, request, file, contentType, {
    purpose,
    kind: null,
    insurer_quote_id: null,
    uploaded_by: operatorId,
  });
  await addActivity(trx, {
    submissionId: request.submissionId,
    operatorId,
    kind: "document",
    body: `${what} added (${describe(document.fileName, file.byteSize)})`,
  });
  return { outcome: "filed", document };
}

/**
 * Files a policy document on the request, in the caller's transaction (binding's, or
 * attachPolicyDocument's).
 */
export function insertPolicyDocument(
  trx: Db,
  request: QuotedRequest,
  file: ReceivedFile,
  operatorId: string,
): Promise<Filing> {
  return insertOperatorPdf(
    trx,
    request,
    file,
    operatorId,
    "policy",
    `${request.reference}: policy document`,
  );
}

/** Files a certificate of insurance on its policy's request, in the caller's transaction (issuing's). */
export function insertCertificateDocument(
  trx: Db,
  request: QuotedRequest,
  file: ReceivedFile,
  certificateReference: string,
  operatorId: string,
): Promise<Filing> {
  return insertOperatorPdf(
    trx,
    request,
    file,
    operatorId,
    "certificate",
    `${certificateReference}: certificate`,
  );
}

/** Adds a policy document to a request whose request to bind is bound; "not-found" otherwise. */
export async function attachPolicyDocument(
  db: Db,
  request: QuotedRequest,
  file: ReceivedFile,
  operatorId: string,
): Promise<Filing> {
  if (!documentTypeOf(file.head, PDF_CONTENT_TYPES)) return { outcome: "wrong-type" };
  return inTransaction(db, async (trx): Promise<Filing> => {
    const bound = await trx
      .selectFrom("bind_requests")
      .select("id")
      .where("quote_request_id", "=", request.id)
      .where("submission_id", "=", request.submissionId)
      .where("status", "=", "bound")
      .forUpdate()
      .executeTakeFirst();
    if (!bound) return { outcome: "not-found" };
    return insertPolicyDocument(trx, request, file, operatorId);
  });
}

/** Who asks for a document: the agency's operator, or the visitor of a proven application. */
export type DocumentReader = { agency: true } | { agency: false; submissionId: string };

/**
 * A document, if `reader` may have it: an operator any current one; the visitor their own
 * application's, of which the insurer's quote PDFs only on quotes published to them. Undefined
 * otherwise (a guessed id is answered the same as a missing one).
 */
export async function findDocument(
  db: Db,
  id: string,
  reader: DocumentReader,
): Promise<RequestDocument | undefined> {
  if (!isUuid(id)) return undefined;
  let query = selectDocuments(db).where("d.id", "=", id);
  if (!reader.agency) {
    query = query
      .where("d.submission_id", "=", reader.submissionId)
      .where((eb) =>
        eb.or([
          eb("d.purpose", "in", ["visitor", "policy", "certificate"]),
          eb(
            "d.insurer_quote_id",
            "in",
            eb.selectFrom("insurer_quotes").select("id").where("status", "=", "published"),
          ),
        ]),
      );
  }
  const row = await query.executeTakeFirst();
  return row ? toDocument(row) : undefined;
}

/**
 * A document's bytes as a stream that reads one chunk from the database each time the reader asks
 * for more: memory stays at one chunk however large the file or slow the reader.
 */
export function documentBytes(db: Db, documentId: string): ReadableStream<Uint8Array> {
  let seq = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // As base64 text, for the reason writeChunks gives (reading is five times faster so).
        const row = await db
          .selectFrom("request_document_chunks")
          .select(sql<string>`encode(bytes, 'base64')`.as("base64"))
          .where("document_id", "=", documentId)
          .where("seq", "=", seq)
          .executeTakeFirst();
        if (!row) {
          controller.close();
          return;
        }
        seq += 1;
        // encode() breaks its base64 into lines; the decoder skips the line breaks.
        controller.enqueue(new Uint8Array(Buffer.from(row.base64, "base64")));
      },
    },
    { highWaterMark: 0 },
  );
}
