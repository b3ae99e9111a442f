/**
 * Draws a certificate of insurance (decision 069) as a one-page US Letter PDF with pdf-lib: the
 * boxes of the standard certificate-of-liability layout, each with the field the contents give.
 * The layout is the site's own; the ACORD form and logo are the agency's to use under its licence.
 * pdf-lib (some 170 modules) is loaded on the first certificate drawn, not at every start: a
 * server that draws none does not hold it in memory (decision 075).
 */
import type { PDFFont, PDFPage } from "pdf-lib";

import {
  CANCELLATION_NOTE,
  CERTIFICATE_DISCLAIMER,
  COVERAGE_TITLES,
  ENDORSEMENT_DISCLAIMER,
  type CertificateContents,
} from "#app/domain/quote/certificate-of-insurance.ts";

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 36;
const INNER_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** Text the standard font cannot draw (outside WinAnsi) becomes "?": the PDF never fails. */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\r\n?/g, "\n"))
    .map((character) => {
      if (character === "\n") return character;
      const code = character.codePointAt(0) ?? 0;
      return known.has(code) ? character : "?";
    })
    .join("");
}

/** Lines of `text` wrapped to `width` at `size`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of drawable(font, text).split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Draws the certificate's contents: its PDF's bytes. */
export async function certificatePdf(contents: CertificateContents): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const BLACK = rgb(0, 0, 0);
  const document = await PDFDocument.create();
  document.setTitle(`Certificate of liability insurance ${contents.reference}`);
  document.setProducer(contents.producer.name);
  document.setCreator(contents.producer.name);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;

  const newPageIfBelow = (needed: number) => {
    if (y - needed < MARGIN) {
      page = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      y = PAGE_HEIGHT - MARGIN;
    }
  };
  /** Writes `text` wrapped at x within width, from the current line down; returns the height. */
  const write = (
    text: string,
    options: { x?: number; width?: number; size?: number; font?: PDFFont } = {},
  ) => {
    const { x = MARGIN, width = INNER_WIDTH, size = 8, font = regular } = options;
    const lines = wrap(font, text, size, width - 4);
    for (const line of lines) {
      newPageIfBelow(size + 2);
      page.drawText(line, { x: x + 2, y: y - size, size, font, color: BLACK });
      y -= size + 2;
    }
  };
  /** A box with a heading, then its lines, across the page or a part of it. */
  const box = (heading: string, body: string[]) => {
    const top = y;
    write(heading, { size: 7, font: bold });
    for (const line of body) write(line);
    y -= 3;
    page.drawRectangle({
      x: MARGIN,
      y,
      width: INNER_WIDTH,
      height: top - y,
      borderColor: BLACK,
      borderWidth: 0.5,
    });
  };

  write("CERTIFICATE OF LIABILITY INSURANCE", { size: 14, font: bold });
  write(`Date issued: ${contents.issuedOn}    Certificate: ${contents.reference}`, { size: 8 });
  y -= 4;
  box("Statement", [CERTIFICATE_DISCLAIMER, ENDORSEMENT_DISCLAIMER]);
  box("Producer", [
    contents.producer.name,
    contents.producer.address,
    `Contact phone: ${contents.producer.phone}    Email: ${contents.producer.email}`,
    `NPN: ${contents.producer.npn}`,
  ]);
  box(
    "Insurer(s) affording coverage",
    contents.insurers.map(
      (insurer) => `Insurer ${insurer.letter}: ${insurer.name}    NAIC # ${insurer.naic ?? ""}`,
    ),
  );
  box("Insured", [contents.insured.name, contents.insured.address]);

  box("Coverages", [
    "This certifies that the policies below were issued to the insured named above for the policy period shown.",
  ]);
  for (const coverage of contents.coverages) {
    newPageIfBelow(60);
    const marks = [
      `Addl insd: ${coverage.additionalInsured ? "Y" : "N"}`,
      `Subr wvd: ${coverage.waiverOfSubrogation ? "Y" : "N"}`,
    ].join("    ");
    box(
      `Insr ltr ${coverage.insurerLetter} - ${coverage.kind === "other" ? coverage.title : COVERAGE_TITLES[coverage.kind]}`,
      [
        `Policy number: ${coverage.policyNumber}    Policy eff: ${coverage.effective}    Policy exp: ${coverage.expiry}    ${marks}`,
        ...coverage.limits.map((limit) => `${limit.label}: ${limit.amount}`),
      ],
    );
  }
  const endorsementLines: string[] = [];
  if (contents.endorsementForms.additionalInsured) {
    endorsementLines.push(
      `The certificate holder is an additional insured as the endorsement form ${contents.endorsementForms.additionalInsured} provides.`,
    );
  }
  if (contents.endorsementForms.waiverOfSubrogation) {
    endorsementLines.push(
      `Waiver of subrogation in favour of the certificate holder as the endorsement form ${contents.endorsementForms.waiverOfSubrogation} provides.`,
    );
  }
  box("Description of operations / locations / vehicles", [
    contents.description,
    ...endorsementLines,
  ]);
  box("Certificate holder", [contents.holder.name, contents.holder.address]);
  box("Cancellation", [CANCELLATION_NOTE, `Authorized representative: ${contents.producer.name}`]);

  return document.save({ useObjectStreams: false });
}
