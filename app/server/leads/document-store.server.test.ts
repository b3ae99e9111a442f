import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest, SAMPLE_QUOTE } from "#tests/support/lead-fixtures.ts";

import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import type { Db } from "#app/server/db/database.server.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import type { ReceivedFile } from "#app/server/http/multipart-upload.server.ts";
import { getTimeline } from "#app/server/leads/desk-work.server.ts";
import {
  attachInsurerQuoteDocument,
  CHUNK_BYTES,
  documentBytes,
  fileVisitorDocument,
  findDocument,
  listRequestDocuments,
} from "#app/server/leads/document-store.server.ts";
import {
  addInsurerQuote,
  publishInsurerQuotes,
} from "#app/server/leads/insurer-quote-store.server.ts";

const directory = mkdtempSync(join(tmpdir(), "document-store-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A received file holding `bytes`, as the upload reader leaves it. */
function receivedFile(name: string, bytes: Uint8Array): ReceivedFile {
  const path = join(directory, `${randomBytes(6).toString("hex")}`);
  writeFileSync(path, bytes);
  return {
    path,
    claimedName: name,
    byteSize: bytes.length,
    head: bytes.slice(0, 8),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

/** A PDF's first bytes, then `size` bytes in all. */
function pdfOf(size: number): Uint8Array {
  const bytes = randomBytes(size);
  bytes.set(new TextEncoder().encode("%PDF-1.7"));
  return bytes;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

async function lead(db: Db, name: string, status = "new") {
  return (await leadWithRequest(db, name, "2026-11-20T15:00:00Z", status)).request;
}

const QUOTE = SAMPLE_QUOTE;

describe.each(testDatabaseKinds)("documents on a quote request on $name", (kind) => {
  it("keeps a visitor's file byte for byte, in chunks, on the lead's timeline", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const request = await lead(db, "Roofers");
      const bytes = pdfOf(2 * CHUNK_BYTES + 1000);
      const filing = await fileVisitorDocument(
        db,
        request,
        receivedFile("Loss runs.pdf", bytes),
        "loss-runs",
      );
      expect(filing).toMatchObject({ outcome: "filed", document: { fileName: "Loss runs.pdf" } });
      const [document] = await listRequestDocuments(db, request.id);
      expect(document).toMatchObject({
        purpose: "visitor",
        kind: "loss-runs",
        contentType: "application/pdf",
        byteSize: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        uploadedBy: null,
      });
      const chunks = await db
        .selectFrom("request_document_chunks")
        .select("seq")
        .orderBy("seq")
        .execute();
      expect(chunks.map((chunk) => chunk.seq)).toEqual([0, 1, 2]);
      expect((await readAll(documentBytes(db, document!.id))).equals(bytes)).toBe(true);
      const [entry] = await getTimeline(db, request.submissionId);
      expect(entry).toMatchObject({
        kind: "document",
        by: null,
        body: "CP-ROOFER: the visitor sent a document (Loss runs (your claims history from an insurer): Loss runs.pdf, 513 KB)",
      });
    });
  });

  it("refuses a file that is not a PDF, JPEG or PNG, the 21st file, and a closed request", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const request = await lead(db, "Bakers");
      const html = new TextEncoder().encode("<html><script>alert(1)</script>");
      expect(
        await fileVisitorDocument(db, request, receivedFile("dec.pdf", html), "declarations"),
      ).toEqual({ outcome: "wrong-type" });
      for (let count = 0; count < 20; count += 1) {
        const filed = await fileVisitorDocument(
          db,
          request,
          receivedFile("p.pdf", pdfOf(64)),
          "other",
        );
        expect(filed.outcome).toBe("filed");
      }
      expect(
        await fileVisitorDocument(db, request, receivedFile("p.pdf", pdfOf(64)), "other"),
      ).toEqual({ outcome: "too-many" });
      const lost = await lead(db, "Closed", "lost");
      expect(
        await fileVisitorDocument(db, lost, receivedFile("p.pdf", pdfOf(64)), "other"),
      ).toEqual({ outcome: "closed" });
      const { count } = await db
        .selectFrom("request_documents")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(20);
    });
  });

  it("shows a visitor only their own documents, and the insurer's PDF once its quote is published", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Roofers");
      const other = await lead(db, "Others");
      const added = await addInsurerQuote(db, request, QUOTE, ana.id);
      if (added.outcome !== "saved") throw new Error("not added");
      // A PNG is no insurer's quote; a quote of another request is not found.
      const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]);
      expect(
        await attachInsurerQuoteDocument(
          db,
          request,
          added.quoteId,
          receivedFile("q.png", png),
          ana.id,
        ),
      ).toEqual({ outcome: "wrong-type" });
      expect(
        await attachInsurerQuoteDocument(
          db,
          other,
          added.quoteId,
          receivedFile("q.pdf", pdfOf(64)),
          ana.id,
        ),
      ).toEqual({ outcome: "not-found" });
      const first = await attachInsurerQuoteDocument(
        db,
        request,
        added.quoteId,
        receivedFile("first.pdf", pdfOf(64)),
        ana.id,
      );
      const second = await attachInsurerQuoteDocument(
        db,
        request,
        added.quoteId,
        receivedFile("acme quote.pdf", pdfOf(64)),
        ana.id,
      );
      if (first.outcome !== "filed" || second.outcome !== "filed") throw new Error("not filed");
      // The newer replaces the older, which is kept.
      const listed = await listRequestDocuments(db, request.id);
      expect(listed.map((document) => document.fileName)).toEqual(["acme quote.pdf"]);
      expect(listed[0]).toMatchObject({ uploadedBy: "ana@agency.example" });
      const visitor = { agency: false as const, submissionId: request.submissionId };
      expect(await findDocument(db, second.document.id, visitor)).toBe(undefined);
      expect(await findDocument(db, second.document.id, { agency: true })).toBeDefined();
      await publishInsurerQuotes(
        db,
        request,
        { email: "roofers@shops.example", firstName: "Ana" },
        {
          operatorId: ana.id,
          siteUrl: "https://coverpilot.example",
          agency: { ...SAMPLE_AGENCY, sample: true },
          perHour: 5,
        },
      );
      expect(await findDocument(db, second.document.id, visitor)).toMatchObject({
        fileName: "acme quote.pdf",
      });
      expect(await findDocument(db, first.document.id, visitor)).toBe(undefined);
      // Another visitor, and ids that are guessed or not ids at all.
      const stranger = { agency: false as const, submissionId: other.submissionId };
      expect(await findDocument(db, second.document.id, stranger)).toBe(undefined);
      expect(await findDocument(db, "0b6f8f1e-9d4c-4f57-8a38-2d7f0c9e4b21", visitor)).toBe(
        undefined,
      );
      expect(await findDocument(db, "1 OR 1=1", { agency: true })).toBe(undefined);
    });
  });
});
