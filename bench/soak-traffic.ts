/**
 * The soak run's traffic (bench/soak.ts), all of it to 127.0.0.1: visitors going through the wizard
 * to a quote request and sending their agent documents (some uploads cut off mid-body), the desk
 * working the leads they leave, and people reading pages. Every save the server acknowledges goes
 * into the ledger (bench/soak-ledger.ts); every answer is counted.
 */
import { request as httpRequest } from "node:http";
import { statSync } from "node:fs";

import { QUOTES_PATH } from "#app/domain/quote/insurer-quotes.ts";
import { WIZARD_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { deskQuoteForm } from "#tests/support/lead-fixtures.ts";
import { readWrittenEmail, writtenEmailFiles } from "#tests/support/outbox-files.ts";
import { HttpVisitor } from "#tests/support/visitor.ts";

import type { Acknowledged } from "./soak-ledger.ts";

/** Every answer the traffic got, and the requests that got none. */
export class Tally {
  served = 0;
  readonly byClass: Record<string, number> = {};
  unexpected = 0;
  /** The last unexpected answers, for the report. */
  readonly samples: string[] = [];
  noAnswer = 0;

  /** An answer to `what`: unexpected unless `expected`, and always when the server failed (5xx). */
  answered(what: string, status: number, expected: boolean): void {
    this.served += 1;
    const statusClass = `${Math.floor(status / 100)}xx`;
    this.byClass[statusClass] = (this.byClass[statusClass] ?? 0) + 1;
    if (!expected || status >= 500) this.note(`${what}: ${status}`);
  }

  /** Something the server answered that the traffic did not expect (a save not acknowledged). */
  note(what: string): void {
    this.unexpected += 1;
    this.samples.push(what);
    if (this.samples.length > 12) this.samples.shift();
  }

  /** The answers to a visitor's posts (HttpVisitor.statuses) from `from` on: a redirect each. */
  posts(who: string, statuses: readonly number[], from = 0): number {
    for (const status of statuses.slice(from)) {
      this.answered(`${who}'s post`, status, status === 302 || status === 303);
    }
    return statuses.length;
  }
}

/**
 * The application links the server emails (it writes them under DATA_DIR/outbox, no SMTP_URL): the
 * first link each address got, read once per file.
 */
export class MailWatcher {
  private readonly seen = new Set<string>();
  private readonly links = new Map<string, string>();
  private readonly dataDir: string;

  constructor(dataDir: string) {
    this.dataDir = dataDir;
  }

  /** Reads the emails written since the last look (a file still being written waits a turn). */
  look(): void {
    for (const file of writtenEmailFiles(this.dataDir)) {
      if (this.seen.has(file)) continue;
      try {
        if (Date.now() - statSync(file).mtimeMs < 200) continue;
        this.seen.add(file);
        const email = readWrittenEmail(file);
        const to = /[^\s<>"]+@[^\s<>"]+/.exec(email.to)?.[0]?.toLowerCase();
        const link = /\/resume\/[A-Za-z0-9_-]{43}/.exec(email.body)?.[0];
        if (to && link && !this.links.has(to)) this.links.set(to, link);
      } catch {
        // Gone or unreadable: looked at again next time.
        this.seen.delete(file);
      }
    }
  }

  /** The first application link emailed to `email`, waiting up to `ms` for it. */
  async linkFor(email: string, ms: number, stopped: () => boolean): Promise<string | undefined> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && !stopped()) {
      const link = this.links.get(email.toLowerCase());
      if (link) return link;
      await sleep(500);
    }
    return undefined;
  }
}

/** What the traffic shares: the server's address, the ledger and the counts. */
export interface Traffic {
  url: string;
  /** Tells the run's emails and files apart from another run's. */
  runId: string;
  ledger: Acknowledged[];
  tally: Tally;
  mail: MailWatcher;
  /** Emails of the visitors whose quote request was acknowledged, for the desk to work. */
  leads: string[];
  operator: { email: string; password: string };
  uploads: { sent: number; aborted: number };
  stopped(): boolean;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small PDF for the agent, `bytes` long (its signature first, as a real one's). */
function pdfOf(bytes: number): Buffer {
  const head = Buffer.from("%PDF-1.7\n% soak document\n");
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 0x41)]);
}

/** A multipart body's parts before and after the file's bytes. */
function multipartAround(boundary: string, fileName: string) {
  return {
    head: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nother\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

/** Sends a document to the agent from the visitor's quotes page: its answer. */
async function uploadDocument(
  traffic: Traffic,
  cookie: string,
  fileName: string,
  bytes: Buffer,
): Promise<{ status: number; location: string | null }> {
  const boundary = `soak${Math.random().toString(16).slice(2)}`;
  const { head, tail } = multipartAround(boundary, fileName);
  const response = await fetch(`${traffic.url}${QUOTES_PATH}`, {
    method: "POST",
    body: Buffer.concat([head, bytes, tail]),
    redirect: "manual",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("Location") };
}

/**
 * An upload the client gives up on: it announces `declared` bytes, sends `sent` of them, and
 * closes the connection, as a phone that loses its signal does.
 */
function abortUpload(traffic: Traffic, cookie: string, declared: number, sent: number) {
  const boundary = `soak${Math.random().toString(16).slice(2)}`;
  const { head } = multipartAround(boundary, `soak-aborted-${Date.now()}.pdf`);
  return new Promise<void>((resolve) => {
    const req = httpRequest(`${traffic.url}${QUOTES_PATH}`, {
      method: "POST",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(declared),
        Cookie: cookie,
      },
    });
    req.on("error", () => resolve());
    req.on("close", () => resolve());
    // Never waits long on a server that stopped reading.
    setTimeout(() => req.destroy(), 30_000).unref();
    const piece = Buffer.alloc(64 * 1024, 0x41);
    req.write(head);
    req.write(pdfOf(1024));
    let written = head.length + 1024;
    const more = () => {
      while (written < sent) {
        written += piece.length;
        if (!req.write(piece)) {
          req.once("drain", more);
          return;
        }
      }
      // Gone mid-body: the rest never comes.
      setTimeout(() => req.destroy(), 200);
    };
    more();
  });
}

/**
 * One visitor: the wizard to its email step; most go on, finish the application, ask for a quote,
 * open the link its confirmation email carries (which proves the email), look at their quotes page
 * and send their agent a document; every third of those also starts a 9 MB upload and gives up
 * halfway.
 */
export async function visitorJourney(traffic: Traffic, n: number): Promise<void> {
  const email = `soak-${traffic.runId}-${n}@example.com`;
  const visitor = new HttpVisitor(traffic.url);
  const who = `visitor ${n}`;
  try {
    if (!(await visitor.saveEmailStep(email))) return traffic.tally.note(`${who}: email step`);
    traffic.ledger.push({ kind: "email-step", email });
    // Some leave after the email step.
    if (n % 5 === 4) return;
    const answers = {
      businessName: `Soak Bakery ${n}`,
      firstName: "Ana",
      lastName: "Soak",
      phoneNumber: "(614) 555-0101",
      streetAddress: `${n} Oven St`,
    };
    if (!(await visitor.completeApplication(answers))) {
      return traffic.tally.note(`${who}: final save`);
    }
    traffic.ledger.push({ kind: "application", email });
    if (!(await visitor.requestQuotes(["general-liability"]))) {
      return traffic.tally.note(`${who}: quote request`);
    }
    traffic.ledger.push({ kind: "quote-request", email });
    traffic.leads.push(email);
    const link = await traffic.mail.linkFor(email, 20_000, traffic.stopped);
    if (!link && !traffic.stopped()) {
      traffic.tally.note(`${who}: no link in the confirmation within 20 s`);
    }
    const opened = link ? await visitor.post(link, {}) : undefined;
    const proven = opened?.status === 302;
    if (opened && !proven) traffic.tally.note(`${who}: application link answered ${opened.status}`);
    const page = await visitor.getPage(QUOTES_PATH);
    traffic.tally.answered(`${who}'s quotes page`, page.status, page.status === 200);
    if (!proven) return;
    const fileName = `soak-${traffic.runId}-${n}.pdf`;
    const sent = await uploadDocument(traffic, visitor.cookie(), fileName, pdfOf(40 * 1024));
    traffic.uploads.sent += 1;
    const filed = sent.status === 302 && sent.location?.startsWith(`${QUOTES_PATH}?sent`) === true;
    traffic.tally.answered(`${who}'s document`, sent.status, filed);
    if (filed) traffic.ledger.push({ kind: "document", email, fileName });
    if (n % 3 === 0) {
      await abortUpload(traffic, visitor.cookie(), 9 * 1024 * 1024, 4 * 1024 * 1024);
      traffic.uploads.aborted += 1;
    }
  } catch {
    // The server went away mid-request (killed): nothing was acknowledged.
    traffic.tally.noAnswer += 1;
  } finally {
    traffic.tally.posts(who, visitor.statuses);
  }
}

/** Visitors one after another, until the run stops; `next` numbers them across the loops. */
export async function visitorLoop(traffic: Traffic, next: () => number): Promise<void> {
  while (!traffic.stopped()) {
    const before = traffic.tally.noAnswer;
    await visitorJourney(traffic, next());
    // A visitor a second per loop at most (the machine is shared); a server down answers nothing:
    // wait for it rather than spin.
    await sleep(traffic.tally.noAnswer > before ? 2_000 : 1_000);
  }
}

const SUBMISSION_LINK =
  /\/admin\/submissions\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/;

/**
 * The desk: signs in, then works each lead a visitor left as it comes (finds it by its email, a
 * note, its status to Contacted, a quote, a question to the visitor, the quote published), and
 * reads its queue while nothing is waiting. Signs in again when its session is not recognised.
 */
export async function deskLoop(traffic: Traffic): Promise<void> {
  const desk = new HttpVisitor(traffic.url, { origin: traffic.url });
  let counted = 0;
  let signedIn = false;
  let lead = 0;
  const page = async (path: string) => {
    const answer = await desk.getPage(path);
    traffic.tally.answered(`desk GET ${path.split("?")[0]}`, answer.status, answer.status === 200);
    return answer;
  };
  while (!traffic.stopped()) {
    try {
      if (!signedIn) {
        const { email, password } = traffic.operator;
        const answer = await desk.post("/admin/login", { email, password, next: "/admin" });
        signedIn = answer.status === 302 && answer.location === "/admin";
        if (!signedIn) traffic.tally.note(`desk sign-in: ${answer.status}`);
        continue;
      }
      const email = traffic.leads.shift();
      if (!email) {
        await page("/admin");
        await page("/admin/needs-action");
        await sleep(1_000);
        continue;
      }
      lead += 1;
      const found = await page(`/admin/submissions?q=${encodeURIComponent(email)}`);
      const id = SUBMISSION_LINK.exec(found.html)?.[1];
      if (!id) {
        traffic.tally.note(`desk: ${email} not found`);
        continue;
      }
      await page(`/admin/submissions/${id}`);
      const tag = `${traffic.runId}-${lead}`;
      const leadPath = `/admin/submissions/${id}`;
      /** Posts a form of the lead's; true once answered with the redirect that confirms it. */
      const save = async (path: string, fields: Record<string, string>, confirms: string) => {
        const answer = await desk.post(path, fields);
        if (answer.status === 302 && answer.location?.startsWith(confirms)) return true;
        // Sent to sign in again: the session was not recognised.
        if (answer.location?.startsWith("/admin/login")) signedIn = false;
        traffic.tally.note(
          `desk: ${fields.intent} not saved (${answer.status} ${answer.location ?? ""})`,
        );
        return false;
      };
      const quotes = `${leadPath}/quotes`;

      const body = `Soak note ${tag}: called, left a message.`;
      if (
        !(await save(leadPath, { intent: "log", kind: "note", body }, `${leadPath}?saved=note`))
      ) {
        continue;
      }
      traffic.ledger.push({ kind: "note", submissionId: id, body });
      const contacted = { intent: "status", status: "contacted" };
      if (!(await save(leadPath, contacted, `${leadPath}?saved=status`))) continue;
      traffic.ledger.push({ kind: "status", submissionId: id, change: "→ Contacted" });
      await page(quotes);
      const insurer = `Soak Mutual ${tag}`;
      if (!(await save(quotes, deskQuoteForm(insurer, "bindable", "1,234"), `${quotes}?`))) {
        continue;
      }
      traffic.ledger.push({ kind: "quote", submissionId: id, insurer });
      const question = `Soak question ${tag}: how many employees?`;
      if (!(await save(quotes, { intent: "ask", question }, `${quotes}?`))) continue;
      traffic.ledger.push({ kind: "question", submissionId: id, question });
      if (!(await save(quotes, { intent: "publish" }, `${quotes}?`))) continue;
      traffic.ledger.push({ kind: "publish", submissionId: id, insurer });
    } catch {
      traffic.tally.noAnswer += 1;
      await sleep(1_000);
    } finally {
      counted = traffic.tally.posts("the desk", desk.statuses, counted);
    }
  }
}

/** Pages people read without saving anything: the marketing pages, the wizard's first, a 404. */
const PAGES: { path: string; status: number }[] = [
  { path: "/", status: 200 },
  { path: "/es", status: 200 },
  { path: "/workers-comp", status: 200 },
  { path: "/contact", status: 200 },
  { path: WIZARD_PATH, status: 200 },
  { path: `/es${WIZARD_PATH}`, status: 200 },
  { path: "/sitemap.xml", status: 200 },
  { path: "/no-such-page", status: 404 },
];

/** Someone reading pages, one after another, until the run stops. */
export async function readerLoop(traffic: Traffic): Promise<void> {
  const reader = new HttpVisitor(traffic.url);
  for (let n = 0; !traffic.stopped(); n += 1) {
    const { path, status } = PAGES[n % PAGES.length] ?? { path: "/", status: 200 };
    try {
      const answer = await reader.open(path);
      traffic.tally.answered(`GET ${path}`, answer.status, answer.status === status);
      await sleep(200);
    } catch {
      traffic.tally.noAnswer += 1;
      await sleep(1_000);
    }
  }
}
