import { describe, expect, it } from "vitest";

import {
  attachmentDisposition,
  documentFileName,
  documentTypeOf,
  formatBytes,
  PDF_CONTENT_TYPES,
  takesUploads,
  VISITOR_CONTENT_TYPES,
  unreadUploadRefusal,
} from "#app/domain/quote/request-documents.ts";

const PDF = new TextEncoder().encode("%PDF-1.7\n");
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("what a document is", () => {
  it("is known by its first bytes, whatever it is called", () => {
    expect(documentTypeOf(PDF, VISITOR_CONTENT_TYPES)).toBe("application/pdf");
    expect(documentTypeOf(JPEG, VISITOR_CONTENT_TYPES)).toBe("image/jpeg");
    expect(documentTypeOf(PNG, VISITOR_CONTENT_TYPES)).toBe("image/png");
    // A text file named like a PDF, an HTML page, a file too short to tell.
    expect(documentTypeOf(new TextEncoder().encode("PDF-1.7 not"), VISITOR_CONTENT_TYPES)).toBe(
      undefined,
    );
    expect(documentTypeOf(new TextEncoder().encode("<html><script>"), VISITOR_CONTENT_TYPES)).toBe(
      undefined,
    );
    expect(documentTypeOf(PDF.slice(0, 3), VISITOR_CONTENT_TYPES)).toBe(undefined);
  });

  it("takes only a PDF as the insurer's quote", () => {
    expect(documentTypeOf(PDF, PDF_CONTENT_TYPES)).toBe("application/pdf");
    expect(documentTypeOf(PNG, PDF_CONTENT_TYPES)).toBe(undefined);
  });
});

describe("a document's name", () => {
  it("keeps the last part of the name sent, ending in what the file is", () => {
    expect(documentFileName("dec page.pdf", "application/pdf")).toBe("dec page.pdf");
    expect(documentFileName("C:\\Users\\ana\\Loss Runs.PDF", "application/pdf")).toBe(
      "Loss Runs.pdf",
    );
    expect(documentFileName("photo.jpeg", "image/jpeg")).toBe("photo.jpeg");
    expect(documentFileName("invoice.exe", "application/pdf")).toBe("invoice.pdf");
    expect(documentFileName("scan", "image/png")).toBe("scan.png");
  });

  it("drops what could break a header or a path, and cuts long names", () => {
    expect(documentFileName('../../etc/"pass";wd\r\n.pdf', "application/pdf")).toBe("passwd.pdf");
    expect(documentFileName("", "application/pdf")).toBe("document.pdf");
    // A right-to-left override would show "invoice\u202Egpj.pdf" as "invoicefdp.jpg"; zero-width
    // and C1 characters hide in a name too.
    expect(documentFileName("invoice\u202Egpj.pdf", "application/pdf")).toBe("invoicegpj.pdf");
    expect(documentFileName("\u2067pay\u200Bslip\u2069\u0085\u009b.png", "image/png")).toBe(
      "payslip.png",
    );
    expect(documentFileName("\u202E\u200D.pdf", "application/pdf")).toBe("document.pdf");
    const long = documentFileName(`${"a".repeat(300)}.pdf`, "application/pdf");
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith("a.pdf")).toBe(true);
    // Counted in characters: a name of emoji is not cut inside one.
    const emoji = documentFileName(`${"\u{1F4C4}".repeat(200)}.pdf`, "application/pdf");
    expect(Array.from(emoji)).toHaveLength(119);
    expect(emoji.endsWith("\u{1F4C4}.pdf")).toBe(true);
  });

  it("is sent as an attachment, in ASCII and in full", () => {
    expect(attachmentDisposition("Déclarations (2026).pdf")).toBe(
      "attachment; filename=\"D_clarations (2026).pdf\"; filename*=UTF-8''D%C3%A9clarations%20%282026%29.pdf",
    );
  });
});

describe("sizes and pages", () => {
  it("writes sizes as people read them", () => {
    expect(formatBytes(980)).toBe("980 bytes");
    expect(formatBytes(245_760)).toBe("240 KB");
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatBytes(3.45 * 1024 * 1024)).toBe("3.5 MB");
  });

  it("takes files only on the quotes pages, in every language they have", () => {
    expect(takesUploads("/business-wizard/quotes")).toBe(true);
    expect(takesUploads("/es/business-wizard/quotes")).toBe(true);
    expect(takesUploads("/admin/submissions/0b6f8f1e/quotes")).toBe(true);
    // The lead desk is English only.
    expect(takesUploads("/es/admin/submissions/0b6f8f1e/quotes")).toBe(false);
    expect(takesUploads("/es/business-wizard/summary")).toBe(false);
    expect(takesUploads("/business-wizard/summary")).toBe(false);
    expect(takesUploads("/admin/submissions/0b6f8f1e/quotes/x")).toBe(false);
    expect(takesUploads("/contact")).toBe(false);
  });
});

describe("an upload the server could not take in", () => {
  it("is refused as too large (413) or as unreadable (400), each with its own words", () => {
    expect(unreadUploadRefusal("too-large")).toEqual({
      problem: "This file is larger than 10 MB. Please send a smaller copy, or one page at a time.",
      status: 413,
    });
    expect(unreadUploadRefusal("unreadable")).toEqual({
      problem: "We could not read that upload. Please choose the file and send it again.",
      status: 400,
    });
  });
});
