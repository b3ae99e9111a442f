import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** An email the server wrote to DATA_DIR/outbox (no SMTP_URL), with its body decoded. */
export interface WrittenEmail {
  to: string;
  subject: string;
  body: string;
}

/** Undoes quoted-printable: soft line breaks, then =XX bytes. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Every email written so far, oldest first. */
export function readWrittenEmails(dataDir: string): WrittenEmail[] {
  const folder = path.join(dataDir, "outbox");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(folder, file), "utf8");
      const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(head)?.[1] ?? "";
      const body = rest.join("\n\n");
      return {
        to: header("To"),
        subject: header("Subject"),
        body: /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body,
      };
    });
}

/** The path of the application link in an email. */
export function resumeLinkIn(email: WrittenEmail): string {
  const match = /\/resume\/[A-Za-z0-9_-]{43}/.exec(email.body);
  if (!match) throw new Error(`No application link in: ${email.body.slice(0, 200)}`);
  return match[0];
}
