/**
 * The text a PDF drawn with pdf-lib's standard fonts shows: each content stream inflated, each
 * string shown (`<hex> Tj` or `(text) Tj`) decoded, one line per string. Enough for the site's own
 * certificates (decision 069); not a general PDF reader.
 */
import { inflateSync } from "node:zlib";

export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString("latin1");
  const shown: string[] = [];
  // Each stream's bytes as its dictionary counts them (`/Length`): compressed bytes may end in a
  // carriage return, which a search for the line break before `endstream` would take away. Only a
  // length written in place: `/Length 12 0 R` names another object (and is not read as 1).
  const streams = /\/Length (\d+)\b(?! \d+ R)[^>]*>>\s*stream\r?\n/g;
  for (const match of raw.matchAll(streams)) {
    const start = match.index + match[0].length;
    const data = Buffer.from(raw.slice(start, start + Number(match[1])), "latin1");
    let content: string;
    try {
      content = inflateSync(data).toString("latin1");
    } catch {
      content = data.toString("latin1");
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      shown.push(
        text[1] !== undefined
          ? Buffer.from(text[1], "hex").toString("latin1")
          : (text[2] ?? "").replace(/\\(.)/g, "$1"),
      );
    }
  }
  return shown.join("\n");
}
