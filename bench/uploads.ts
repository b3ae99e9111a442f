/**
 * `npm run bench -- --only uploads`: the memory the app's own upload path takes while several
 * 10 MB documents arrive at once (decision 043): the multipart reader and the document store on
 * the embedded database, in this process, with the bodies streamed in 64 KB pieces as a network
 * would deliver them. process.memoryUsage() is sampled every 5 ms; three rounds, because the first
 * also pays for the database's start. Writes bench/uploads.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { DOCUMENT_MAX_BYTES } from "#app/domain/quote/request-documents.ts";
import { openDatabase } from "#app/server/db/database.server.ts";
import { receiveUpload } from "#app/server/http/multipart-upload.server.ts";
import { UploadArea } from "#app/server/http/upload-area.server.ts";
import { fileVisitorDocument } from "#app/server/leads/document-store.server.ts";
import { leadWithRequest } from "#tests/support/lead-fixtures.ts";

import { ROOT } from "./workspace.ts";

const MB = 1024 * 1024;
/** Uploads at once, and each one's size (just under the limit, with the form around it). */
const AT_ONCE = 4;
const FILE_BYTES = DOCUMENT_MAX_BYTES - 1024;
const ROUNDS = 3;

type Sample = Pick<NodeJS.MemoryUsage, "rss" | "heapUsed" | "arrayBuffers" | "external">;
const KEYS = ["rss", "heapUsed", "arrayBuffers", "external"] as const;

/** A multipart post of one PDF of FILE_BYTES, its body made as it is read. */
function streamedUpload(): Request {
  const boundary = `bench${Math.random().toString(16).slice(2)}`;
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nother\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const piece = new Uint8Array(64 * 1024).fill(0x41);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(head);
      if (sent >= FILE_BYTES) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const part = piece.subarray(0, Math.min(piece.length, FILE_BYTES - sent));
      sent += part.length;
      controller.enqueue(part);
    },
  });
  return new Request("http://127.0.0.1/business-wizard/quotes", {
    method: "POST",
    body,
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    // Node's fetch needs it for a body that streams; the DOM's RequestInit does not know it.
    ...({ duplex: "half" } as RequestInit),
  });
}

export async function measureUploads(log: (line: string) => void): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-bench-uploads-"));
  const database = await openDatabase({ kind: "pglite", dataDir });
  const uploads = new UploadArea(dataDir);
  const lines: string[] = [];
  try {
    const { request } = await leadWithRequest(database.db, "Uploads", "2026-11-20T15:00:00Z");
    for (let round = 1; round <= ROUNDS; round += 1) {
      const before: Sample = process.memoryUsage();
      const peak: Sample = { ...before };
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        for (const key of KEYS) peak[key] = Math.max(peak[key], now[key]);
      }, 5);
      const started = performance.now();
      const outcomes = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          receiveUpload(
            uploads,
            streamedUpload(),
            { fileField: "file", maxFileBytes: DOCUMENT_MAX_BYTES, maxFields: 2 },
            async (upload) => {
              if (upload.outcome !== "received" || !upload.file) return upload.outcome;
              return (await fileVisitorDocument(database.db, request, upload.file, "other"))
                .outcome;
            },
          ),
        ),
      );
      clearInterval(sampler);
      const ms = performance.now() - started;
      const growth = (key: (typeof KEYS)[number]) =>
        `${((peak[key] - before[key]) / MB).toFixed(1)} MB`;
      const line = `| ${round} | ${outcomes.filter((outcome) => outcome === "filed").length} of ${AT_ONCE} | ${(ms / 1000).toFixed(1)} s | ${(before.rss / MB).toFixed(0)} MB | ${growth("rss")} | ${growth("heapUsed")} | ${growth("arrayBuffers")} |`;
      log(line);
      lines.push(line);
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const report = [
    "# Uploads: memory while documents arrive",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --only uploads\` (bench/uploads.ts):`,
    `${AT_ONCE} uploads of ${(FILE_BYTES / MB).toFixed(1)} MB at once through the multipart reader into the`,
    "document store on the embedded database, in one process; growth is the peak over the round's",
    "start. A reader that buffered would hold 40 MB more per round. Array buffers include the",
    "embedded database's per-statement parameter buffers (a chunk's base64 text, encoded again",
    "for each insert): garbage the collector takes back, which is why the resident growth, what",
    "stays, is far smaller from the second round on (the first round also pays for the",
    "database's start).",
    "",
    "| Round | Filed | Took | Resident at start | Resident growth | Heap growth | Array buffers growth |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...lines,
    "",
  ].join("\n");
  writeFileSync(path.join(ROOT, "bench/uploads.md"), report);
}
