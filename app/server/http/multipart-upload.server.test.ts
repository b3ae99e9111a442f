import { existsSync, readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { receiveUpload, type Upload } from "#app/server/http/multipart-upload.server.ts";

const LIMITS = { fileField: "file", maxFileBytes: 1024, maxFields: 2 };

/** A multipart post of `form`, as a browser sends it. */
function post(form: FormData): Request {
  return new Request("http://localhost/business-wizard/quotes", { method: "POST", body: form });
}

/** What receiveUpload gave, with the file's bytes read while it was there. */
async function received(request: Request) {
  let path: string | undefined;
  const result = await receiveUpload(request, LIMITS, async (upload: Upload) => {
    if (upload.outcome !== "received") return { outcome: upload.outcome };
    path = upload.file?.path;
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
  return { result, path };
}

describe("receiving an upload", () => {
  it("keeps the fields and the file's bytes, size, first bytes and SHA-256", async () => {
    const form = new FormData();
    form.append("kind", "declarations");
    form.append("file", new File(["%PDF-1.7 hello"], "dec.pdf", { type: "application/pdf" }));
    const { result, path } = await received(post(form));
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
    expect(path && existsSync(path)).toBe(false);
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
