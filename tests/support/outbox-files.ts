import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** An email the server wrote to DATA_DIR/outbox (no SMTP_URL), with its body decoded. */
export interface WrittenEmail {
  to: string;
  subject: string;
  /** The plain text (of a multipart email, its text/plain part). */
  body: string;
  /** The HTML alternative, decoded, when the email has one (decision 032). */
  html?: string;
}

/** Undoes quoted-printable: soft line breaks, then =XX bytes. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * A header as read: its encoded words (RFC 2047, "=?UTF-8?Q?Su_pedido?=", which a mail writer uses
 * for a subject that is not ASCII) decoded, and the blanks between two of them dropped.
 */
function decodeHeader(value: string): string {
  // The bytes of neighbouring words are joined before they are read as UTF-8: a writer may split a
  // word's bytes in the middle of a character.
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/(?:=\?UTF-8\?[QB]\?[^?]*\?=)+/gi, (words: string) => {
      const bytes = [...words.matchAll(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi)].map(
        ([, kind, text = ""]) =>
          kind?.toUpperCase() === "B"
            ? Buffer.from(text, "base64")
            : Buffer.from(
                text
                  .replace(/_/g, " ")
                  .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                    String.fromCharCode(Number.parseInt(hex, 16)),
                  ),
                "latin1",
              ),
      );
      return Buffer.concat(bytes).toString("utf8");
    });
}

/** A part's body as written, decoded by its Content-Transfer-Encoding. */
function decodePart(head: string, body: string): string {
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(head)) {
    return decodeQuotedPrintable(body);
  }
  if (/^content-transfer-encoding:\s*base64/im.test(head)) {
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return body;
}

/** The text and HTML parts of a multipart email's body, split at its boundary. */
function partsOf(boundary: string, body: string): { text: string; html?: string } {
  const found: { text: string; html?: string } = { text: "" };
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith("--")) break;
    const [head = "", ...rest] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const content = decodePart(head, rest.join("\n\n").replace(/\r?\n$/, ""));
    if (/^content-type:\s*text\/html/im.test(head)) found.html = content;
    else if (/^content-type:\s*text\/plain/im.test(head)) found.text = content;
  }
  return found;
}

/** The .eml files written so far under DATA_DIR/outbox, oldest first (their names say the order). */
export function writtenEmailFiles(dataDir: string): string[] {
  const folder = path.join(dataDir, "outbox");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => path.join(folder, file));
}

/** Every email written so far, oldest first. */
export function readWrittenEmails(dataDir: string): WrittenEmail[] {
  return writtenEmailFiles(dataDir).map(readWrittenEmail);
}

/** One email the server wrote, read from its .eml file. */
export function readWrittenEmail(file: string): WrittenEmail {
  const raw = readFileSync(file, "utf8");
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  // A header may go on over indented lines (a long encoded subject does).
  const header = (name: string) =>
    decodeHeader(
      (new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)$`, "m").exec(head)?.[1] ?? "").replace(
        /\r?\n[ \t]+/g,
        " ",
      ),
    );
  const body = rest.join("\n\n");
  const boundary = /^content-type:\s*multipart\/[\s\S]*?boundary="?([^";\r\n]+)"?/im.exec(
    head,
  )?.[1];
  if (boundary) {
    const { text, html } = partsOf(boundary, body);
    return { to: header("To"), subject: header("Subject"), body: text, html };
  }
  return {
    to: header("To"),
    subject: header("Subject"),
    body: /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body,
  };
}

/** The path of the application link in an email. */
export function resumeLinkIn(email: WrittenEmail): string {
  const match = /\/resume\/[A-Za-z0-9_-]{43}/.exec(email.body);
  if (!match) throw new Error(`No application link in: ${email.body.slice(0, 200)}`);
  return match[0];
}
