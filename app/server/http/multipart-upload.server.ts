/**
 * Reads a form that carries a file (decision 043) as it streams: the file goes to a temporary file
 * as its bytes arrive, so that however many uploads run at once, each holds a few small buffers in
 * memory and never the whole file. What the client claims (the file's size, type or name, the
 * number of parts) sets no buffer's size: @fastify/busboy counts the parts and bytes as they come
 * and stops taking them at the limits given here. The temporary file is in the server's upload area
 * (upload-area.server.ts) and goes when `handle` ends; an upload whose client goes, whose socket
 * breaks, that runs past the request timeout or that the server's shutdown stops ends there and
 * then: its file is closed and removed (decision 057).
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

import Busboy from "@fastify/busboy";

import { SIGNATURE_BYTES } from "#app/domain/quote/request-documents.ts";

import type { UploadArea } from "#app/server/http/upload-area.server.ts";

/** A file received in full, in a temporary file. */
export interface ReceivedFile {
  /** Where its bytes are, until `handle` returns. */
  path: string;
  /** The name the browser sent (anything at all: see documentFileName). */
  claimedName: string;
  byteSize: number;
  /** Its first bytes, which tell what it is. */
  head: Uint8Array;
  /** SHA-256 of its bytes, in hex. */
  sha256: string;
}

/** What an upload brought: its text fields, and its file if one was chosen. */
export type Upload =
  | { outcome: "received"; form: FormData; file: ReceivedFile | undefined }
  | { outcome: "too-large" | "unreadable"; form: FormData };

/** The most bytes a text field of an upload's form may hold, unless the form says otherwise. */
const FIELD_MAX_BYTES = 1024;

/** What an upload's form may hold: its file field and sizes, and how many text fields. */
export interface UploadLimits {
  fileField: string;
  maxFileBytes: number;
  maxFields: number;
  /** The most bytes of one text field (1 KB if not given): a form with a long note says more. */
  maxFieldBytes?: number;
}

/** Whether a post is a multipart form (one that may carry a file). */
export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "");
}

/**
 * Reads `request`'s multipart body: at most `maxFields` text fields of at most 1 KB each (or
 * `maxFieldBytes`), and the file in `fileField` (at most one; any other file is read past and
 * dropped) up to `maxFileBytes`.
 * A file past that is "too-large" (the rest of the body is read and dropped); a body that breaks
 * the limits or the format is "unreadable", and so is one cut short (its client gone, the request's
 * signal aborted, the area closing). `handle` gets the result while the file is there, in `area`.
 */
export async function receiveUpload<T>(
  area: UploadArea,
  request: Request,
  limits: UploadLimits,
  handle: (upload: Upload) => Promise<T>,
): Promise<T> {
  return area.hold(request.signal, async (folder, signal) =>
    handle(await readParts(request, limits, join(folder, "file"), signal)),
  );
}

async function readParts(
  request: Request,
  limits: UploadLimits,
  path: string,
  signal: AbortSignal,
): Promise<Upload> {
  const form = new FormData();
  if (!request.body) return { outcome: "unreadable", form };
  let parser: InstanceType<typeof Busboy>;
  try {
    parser = new Busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      limits: {
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes ?? FIELD_MAX_BYTES,
        fieldNameSize: 100,
        files: 1,
        fileSize: limits.maxFileBytes,
        parts: limits.maxFields + 1,
        headerPairs: 20,
      },
    });
  } catch {
    // No boundary, or not multipart after all.
    return { outcome: "unreadable", form };
  }
  let broken = false;
  let writing: Promise<ReceivedFile | "too-large"> | undefined;
  // Stops every stream of the upload, the file's writer too: when `signal` aborts, or when the body
  // turns out broken while the file is still being written (its part would never end).
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });
  parser.on("field", (name, value, nameTruncated, valueTruncated) => {
    if (nameTruncated || valueTruncated) broken = true;
    else form.append(name, value);
  });
  parser.on("file", (name, stream, fileName) => {
    if (name !== limits.fileField || writing) {
      stream.resume();
      return;
    }
    writing = writeFile(stream, fileName, path, stop.signal);
    // Awaited below, after the body is read; a failure meanwhile is not unhandled.
    writing.catch(() => undefined);
  });
  for (const limit of ["partsLimit", "filesLimit", "fieldsLimit"] as const) {
    parser.on(limit, () => {
      broken = true;
    });
  }
  try {
    // The web stream of the request's body, as Node's: the two types describe the same object.
    const body = request.body as unknown as NodeReadableStream<Uint8Array>;
    await pipeline(Readable.fromWeb(body), parser, { signal: stop.signal });
    const file = await writing;
    if (broken) return { outcome: "unreadable", form };
    if (file === "too-large") return { outcome: "too-large", form };
    // A file input left empty sends a part with no name and no bytes: no file chosen.
    return { outcome: "received", form, file: file && file.byteSize > 0 ? file : undefined };
  } catch {
    // The file's writer stops too, and its file is closed before its folder goes.
    stop.abort();
    await writing?.catch(() => undefined);
    return { outcome: "unreadable", form };
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/** Writes a file part to `path` as it arrives, hashing it and keeping its first bytes. */
async function writeFile(
  stream: Readable & { truncated: boolean },
  claimedName: string,
  path: string,
  signal: AbortSignal,
): Promise<ReceivedFile | "too-large"> {
  const hash = createHash("sha256");
  const head: number[] = [];
  let byteSize = 0;
  const watch = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      for (let index = 0; head.length < SIGNATURE_BYTES && index < chunk.length; index += 1) {
        head.push(chunk[index] ?? 0);
      }
      byteSize += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(stream, watch, createWriteStream(path), { signal });
  if (stream.truncated) return "too-large";
  return {
    path,
    claimedName,
    byteSize,
    head: Uint8Array.from(head),
    sha256: hash.digest("hex"),
  };
}
