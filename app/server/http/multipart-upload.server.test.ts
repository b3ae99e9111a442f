import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { createReadableStreamFromReadable } from "@react-router/node";
import { afterEach, describe, expect, it, vi } from "vitest";

import { receiveUpload, type Upload } from "#app/server/http/multipart-upload.server.ts";
import { UploadArea } from "#app/server/http/upload-area.server.ts";

const LIMITS = { fileField: "file", maxFileBytes: 1024, maxFields: 2 };

/** An upload area in a DATA_DIR of its own. */
function newArea(): UploadArea {
  return new UploadArea(mkdtempSync(path.join(tmpdir(), "coverpilot-upload-area-")));
}

/** A multipart post of `form`, as a browser sends it. */
function post(form: FormData): Request {
  return new Request("http://localhost/business-wizard/quotes", { method: "POST", body: form });
}

/** What receiveUpload gave, with the file's bytes read while it was there. */
async function received(request: Request) {
  let filePath: string | undefined;
  const result = await receiveUpload(newArea(), request, LIMITS, async (upload: Upload) => {
    if (upload.outcome !== "received") return { outcome: upload.outcome };
    filePath = upload.file?.path;
    return {
      outcome: upload.outcome,
      fields: Object.fromEntries(upload.form),
      file: upload.file && {
        claimedName: upload.file.claimedName,
        byteSize: upload.file.byteSize,
        head: Array.from(upload.file.head),
        sha256: upload.file.sha256,
        bytes: readFileSync(upload.file.path).toString(),
      },
    };
  });
  return { result, path: filePath };
}

describe("receiving an upload", () => {
  it("keeps the fields and the file's bytes, size, first bytes and SHA-256", async () => {
    const form = new FormData();
    form.append("kind", "declarations");
    form.append("file", new File(["%PDF-1.7 hello"], "dec.pdf", { type: "application/pdf" }));
    const { result, path: filePath } = await received(post(form));
    expect(result).toEqual({
      outcome: "received",
      fields: { kind: "declarations" },
      file: {
        claimedName: "dec.pdf",
        byteSize: 14,
        head: Array.from(new TextEncoder().encode("%PDF-1.7")),
        sha256: "2a916d83fa20d97c7c3c04cf07b2d3f8d18ea47f59c841a221dd3a81f15fc347",
        bytes: "%PDF-1.7 hello",
      },
    });
    // The temporary file is gone once the upload is handled.
    expect(filePath && existsSync(filePath)).toBe(false);
  });

  it("says a file past the limit is too large, and keeps none of it", async () => {
    const form = new FormData();
    form.append("file", new File(["x".repeat(1025)], "big.pdf"));
    expect((await received(post(form))).result).toEqual({ outcome: "too-large" });
  });

  it("takes an empty file input as no file", async () => {
    const form = new FormData();
    form.append("kind", "other");
    form.append("file", new File([], ""));
    expect((await received(post(form))).result).toMatchObject({
      outcome: "received",
      file: undefined,
    });
  });

  it("refuses more fields than asked for, a long field, and a body that is not multipart", async () => {
    const many = new FormData();
    for (const name of ["a", "b", "c"]) many.append(name, "1");
    expect((await received(post(many))).result).toEqual({ outcome: "unreadable" });
    const long = new FormData();
    long.append("kind", "x".repeat(2000));
    expect((await received(post(long))).result).toEqual({ outcome: "unreadable" });
    const plain = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data" },
      body: "kind=other",
    });
    expect((await received(plain)).result).toEqual({ outcome: "unreadable" });
  });
});

/** The files this process holds open in `folder` (Linux: /proc/self/fd). */
function openFilesIn(folder: string): string[] {
  return readdirSync("/proc/self/fd").flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(folder) ? [target] : [];
    } catch {
      // Closed since the folder was read.
      return [];
    }
  });
}

/** What is left in the area's servers' folders: uploads' folders and their files. */
function leftIn(area: UploadArea): string[] {
  if (!existsSync(area.root)) return [];
  return readdirSync(area.root, { recursive: true, encoding: "utf8" }).filter((entry) =>
    entry.includes(path.sep),
  );
}

const DOCUMENT_BYTES = 9 * 1024 * 1024;
const BOUNDARY = "----coverpilot-test";

/**
 * A real HTTP server that takes uploads as the site's does: the request made from Node's by
 * @react-router/node, its signal aborted when the connection closes (as @react-router/express
 * does). `outcomes` settle as each upload ends.
 */
async function uploadServer(area: UploadArea) {
  const outcomes: Promise<string>[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const headers = new Headers();
    for (let index = 0; index < req.rawHeaders.length; index += 2) {
      headers.append(req.rawHeaders[index] ?? "", req.rawHeaders[index + 1] ?? "");
    }
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers,
      body: createReadableStreamFromReadable(req),
      duplex: "half",
      signal: controller.signal,
    };
    const limits = { fileField: "file", maxFileBytes: 10 * 1024 * 1024, maxFields: 2 };
    outcomes.push(
      receiveUpload(area, new Request(`http://localhost${req.url}`, init), limits, (upload) =>
        Promise.resolve(upload.outcome),
      ).then(
        (outcome) => {
          res.end(outcome);
          return outcome;
        },
        (error: unknown) => {
          res.destroy();
          return error instanceof Error ? error.name : "failed";
        },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { port, outcomes };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/**
 * A client that starts a 9 MB document's upload on a raw connection and sends its first 4 MB,
 * returned once the server has written some of it to its file.
 */
async function startUpload(port: number, area: UploadArea) {
  const writing = openFilesIn(area.root).length;
  const socket = connect(port, "127.0.0.1");
  // The server may reset the connection it stops reading: that is the point.
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  const preamble =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="dec.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
  const length = Buffer.byteLength(preamble) + DOCUMENT_BYTES + `\r\n--${BOUNDARY}--\r\n`.length;
  socket.write(
    `POST /business-wizard/quotes HTTP/1.1\r\nHost: localhost\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`,
  );
  socket.write(preamble);
  socket.write(Buffer.alloc(4 * 1024 * 1024, 0x41));
  await vi.waitFor(() => expect(openFilesIn(area.root)).toHaveLength(writing + 1), {
    timeout: 20_000,
  });
  return socket;
}

describe("an upload that does not end well", () => {
  it("ends when its client goes mid-body: its file closed, its folder gone", async () => {
    const area = newArea();
    const { port, outcomes } = await uploadServer(area);
    const sockets = [];
    for (let count = 0; count < 3; count += 1) sockets.push(await startUpload(port, area));
    expect(openFilesIn(area.root)).toHaveLength(3);
    for (const socket of sockets) socket.destroy();
    expect(await Promise.all(outcomes)).toEqual(["unreadable", "unreadable", "unreadable"]);
    expect(openFilesIn(area.root)).toEqual([]);
    expect(leftIn(area)).toEqual([]);
    expect(area.inProgress).toBe(0);
  });

  it("ends when the server shuts down, and later uploads are refused", async () => {
    const area = newArea();
    const { port, outcomes } = await uploadServer(area);
    const socket = await startUpload(port, area);
    await area.close();
    expect(await Promise.all(outcomes)).toEqual(["unreadable"]);
    expect(openFilesIn(area.root)).toEqual([]);
    expect(leftIn(area)).toEqual([]);
    socket.destroy();
    const form = new FormData();
    form.append("file", new File(["%PDF-1.7"], "dec.pdf"));
    await expect(
      receiveUpload(area, post(form), LIMITS, (upload) => Promise.resolve(upload.outcome)),
    ).rejects.toThrow("The server is stopping.");
  });

  it("is unreadable when its body stops mid-file, and leaves nothing", async () => {
    const area = newArea();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 and then`,
          ),
        );
        controller.close();
      },
    });
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      duplex: "half",
    };
    const outcome = await receiveUpload(
      area,
      new Request("http://localhost/business-wizard/quotes", init),
      { fileField: "file", maxFileBytes: 1024, maxFields: 2 },
      (upload) => Promise.resolve(upload.outcome),
    );
    expect(outcome).toBe("unreadable");
    expect(openFilesIn(area.root)).toEqual([]);
    expect(leftIn(area)).toEqual([]);
  });
});
