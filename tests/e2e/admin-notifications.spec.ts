import type { AddressInfo } from "node:net";

import { SMTPServer, type SMTPServerDataStream } from "smtp-server";

import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, test } from "./helpers.ts";

/** A message as the SMTP server received it: envelope and body, quoted-printable undone. */
interface ReceivedMessage {
  from: string;
  to: string[];
  raw: string;
  text: string;
}

function decodeMessage(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n");
  if (!/quoted-printable/i.test(raw)) return body;
  const joined = body.replace(/=\r?\n/g, "");
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

const AGENCY = ["sales@agency.example", "owner@agency.example"];

/** How long the mail server takes to refuse its first message to the agency. */
const SLOW_REFUSAL_MS = 6_000;

/**
 * A mail server on loopback that refuses the first message to the agency, slowly, with a temporary
 * failure (451, after the message was sent), as a busy server would, and takes every other.
 * It also takes the site's other emails (the visitor's link back to their application).
 */
async function startFlakySmtp() {
  const received: ReceivedMessage[] = [];
  let agencyAttempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream: SMTPServerDataStream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("latin1")));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        if (to.includes(AGENCY[0]!) && ++agencyAttempts === 1) {
          // Slow, then refused: the visitor's save must not wait for any of it.
          setTimeout(
            () =>
              callback(
                Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }),
              ),
            SLOW_REFUSAL_MS,
          );
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to,
          raw,
          text: decodeMessage(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    /** What reached the agency, in order. */
    toAgency: () => received.filter((message) => message.to.includes(AGENCY[0]!)),
    agencyAttempts: () => agencyAttempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(what: string, read: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("new leads reach LEAD_NOTIFY_TO by SMTP, retried after the mail server refused, and the visitor never waits", async () => {
  const smtp = await startFlakySmtp();
  const dataDir = makeDataDir();
  const server = await startServer({
    dataDir,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "CoverPilot <leads@coverpilot.example>",
      LEAD_NOTIFY_TO: AGENCY.join(", "),
      MAIL_RETRY_BASE_MS: "200",
      LOG_LEVEL: "debug",
    },
  });
  let stopped = false;
  try {
    const visitor = new HttpVisitor(server.url);
    expect(await visitor.saveEmailStep("Lena.Lead@Bakery.example")).toBe(true);
    // The email step alone is not a new lead: the agency is not told of it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.agencyAttempts()).toBe(0);
    const started = Date.now();
    expect(
      await visitor.completeApplication({
        businessName: "Lena's Loaves",
        firstName: "Lena",
        lastName: "Lindqvist",
        phoneNumber: "(216) 555-0143",
        streetAddress: "12 Rye Road",
        mailingAddress: "PO Box 88, Cleveland OH",
      }),
    ).toBe(true);
    // The three posts were answered long before the mail server gave its answer to the first try.
    expect(Date.now() - started).toBeLessThan(SLOW_REFUSAL_MS - 1_000);
    const lead = await waitFor("the new-lead email", () => smtp.toAgency()[0]);
    expect(smtp.agencyAttempts()).toBe(2);
    expect(lead.from).toBe("leads@coverpilot.example");
    expect(lead.to).toEqual(AGENCY);
    expect(lead.raw).toMatch(/^Subject: New lead: Lena's Loaves \(Food & Beverage, Ohio\)$/m);
    for (const detail of [
      "Business name: Lena's Loaves",
      "Industry: Food & Beverage",
      "Segments: Bakery",
      "State: Ohio",
      "Ownership structure: Partnership",
      "Year started: 2010",
      "Primary location: 12 Rye Road, Springfield, OH 43001",
      "Mailing address: PO Box 88, Cleveland OH",
      "Name: Lena Lindqvist",
      "Email: lena.lead@bakery.example",
      "Phone: (216) 555-0143",
      "Texts: agreed on ",
    ]) {
      expect(lead.text).toContain(detail);
    }
    const link = /\/admin\/submissions\/([0-9a-f-]{36})/.exec(lead.text);
    expect(link).not.toBeNull();

    const callback = await fetch(`${server.url}/talk-to-an-expert`, {
      method: "POST",
      body: new URLSearchParams({
        name: "Carl Callme",
        phone: "312-555-0199",
        bestTime: "afternoon",
        product: "crime-insurance",
      }),
    });
    expect(callback.status).toBe(200);
    const request = await waitFor("the call-back email", () => smtp.toAgency()[1]);
    expect(request.to).toEqual(AGENCY);
    expect(request.raw).toMatch(/^Subject: Call-back request: Carl Callme$/m);
    expect(request.text).toContain("Phone: (312) 555-0199");
    expect(request.text).toContain("Best time to call: Afternoon (3 pm to 6 pm ET)");
    expect(request.text).toContain("Asked from the page on: Crime Insurance");

    await stopServer(server);
    stopped = true;
    const database = await openDataDirDatabase(dataDir);
    try {
      const outbox = (
        await database.db
          .selectFrom("outbox")
          .select(["recipients", "attempts", "sent_at", "last_error"])
          .orderBy("id")
          .execute()
      ).filter((email) => email.recipients.includes(AGENCY[0]!));
      expect(outbox).toHaveLength(2);
      expect(outbox[0]!.attempts).toBe(2);
      expect(outbox[0]!.sent_at).not.toBeNull();
      expect(outbox[0]!.last_error).toBeNull();
      expect(outbox[1]!.attempts).toBe(1);
      expect(submissionIdIn(link)).toBe(
        (
          await database.db
            .selectFrom("business_wizard_submissions")
            .select("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    } finally {
      await database.close();
    }
    // The log tells of the refusal and the retry, by id, and never of the lead.
    const log = server.output();
    expect(log).toMatch(/"msg":"email not sent"/);
    expect(log).toMatch(/"msg":"email sent"/);
    for (const secret of [
      "lena",
      "Lena",
      "Loaves",
      "Lindqvist",
      "bakery.example",
      "5550143",
      "555-0143",
      "Rye Road",
      "Carl",
      "5550199",
      "agency.example",
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  } finally {
    if (!stopped) await stopServer(server);
    await smtp.close();
  }
});

function submissionIdIn(link: RegExpExecArray | null): string | undefined {
  return link?.[1];
}
