import { deflateSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { pdfText } from "./pdf-text.ts";

/** A PDF's stream object around `data`, its length counted as pdf-lib writes it. */
function streamObject(data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`4 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, "latin1"),
    data,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
  ]);
}

describe("pdfText", () => {
  it("reads a compressed stream whose last byte is a carriage return", () => {
    // Content whose compressed bytes end in "\r": what a search for "\r\nendstream" cut short.
    let shown = "";
    let data = Buffer.alloc(0);
    for (let attempt = 0; data.at(-1) !== 0x0d; attempt++) {
      shown = `Policy number: GL-${attempt}`;
      data = deflateSync(Buffer.from(`BT (${shown}) Tj ET`, "latin1"));
    }
    expect(pdfText(streamObject(data))).toBe(shown);
  });

  it("reads each stream's strings, hex or literal, one line each", () => {
    const content = "BT <496E73757265722041> Tj (Each occurrence: \\(GL\\)) Tj ET";
    const bytes = Buffer.concat([
      Buffer.from("%PDF-1.7\n", "latin1"),
      streamObject(deflateSync(Buffer.from(content, "latin1"))),
    ]);
    expect(pdfText(bytes)).toBe("Insurer A\nEach occurrence: (GL)");
  });
});
