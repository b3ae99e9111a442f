/**
 * The pages a customer uses after the request (issue 58): their quotes, the request to bind one,
 * their policy, a certificate request and a renewal request, each as its customer is served it.
 * Two customers go through the site as the journeys do, by the posts of its forms: the desk (an
 * operator made with `operator:create`) enters and publishes an insurer's quote for each; each
 * customer follows the "quotes are ready" email's link; the second asks to bind, and the desk binds
 * the quote and adds the policy. The first customer's quotes and bind page are measured (a chosen
 * quote has no bind page), the second's policy and the two requests its policy allows.
 */
import { spawn } from "node:child_process";

import {
  CERTIFICATE_REQUEST_PATH,
  POLICY_PATH,
  QUOTES_PATH,
  RENEWAL_REQUEST_PATH,
} from "#app/domain/wizard/wizard-screens.ts";
import { bindForm, daysFromToday, deskQuoteForm } from "#tests/support/lead-fixtures.ts";
import { readWrittenEmails, resumeLinkIn } from "#tests/support/outbox-files.ts";
import { HttpVisitor } from "#tests/support/visitor.ts";

/** A page measured with its customer's cookies. */
export interface CustomerPage {
  path: string;
  kind: "visitor";
  cookie: string;
}

const DESK = { email: "bench-desk@agency.example", password: "the bench's desk 2026" };

/** Fails the run with what went wrong: a bench that measured the wrong page would mislead. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`bench/customer-pages.ts: ${what}`);
}

/** The first match's group of `pattern` in `html`, or the run fails saying what was missing. */
function found(pattern: RegExp, html: string, what: string): string {
  const match = pattern.exec(html)?.[1];
  if (match === undefined) throw new Error(`bench/customer-pages.ts: ${what}`);
  return match;
}

const LEAD_LINK = /href="(\/admin\/submissions\/[0-9a-f-]{36})"/;
const BIND_LINK = /href="(\/business-wizard\/quotes\/[0-9a-f-]{36}\/bind)"/;

/** Runs `npm run operator:create` in the bench's workspace (the running server makes it). */
function createOperator(dir: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/operator-create.ts", "--email", DESK.email], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: "production", ...env },
      stdio: ["pipe", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(`${DESK.password}\n`);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`operator:create failed: ${stderr}`)),
    );
  });
}

/** The newest email to `to` whose subject matches, once the outbox has written it. */
async function emailTo(dataDir: string, to: string, subject: RegExp) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const found = readWrittenEmails(dataDir).filter(
      (email) => email.to === to && subject.test(email.subject),
    );
    const last = found.at(-1);
    if (last) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`bench/customer-pages.ts: no "${subject.source}" email to ${to} in 20 s`);
}

/**
 * A customer with an application, a request for general liability and a published quote, on
 * their quotes by the email's link; and the desk's page of their quotes.
 */
async function customerWithQuotes(
  appUrl: string,
  dataDir: string,
  desk: HttpVisitor,
  email: string,
): Promise<{ customer: HttpVisitor; quotes: string }> {
  const customer = new HttpVisitor(appUrl, { origin: appUrl });
  check(
    (await customer.saveEmailStep(email)) &&
      (await customer.completeApplication({
        businessName: "Bench Bakery",
        firstName: "Ana",
        lastName: "Bench",
        phoneNumber: "(614) 555-0101",
        streetAddress: "1 Oven St",
      })) &&
      (await customer.requestQuotes(["general-liability"])),
    `${email} could not request quotes`,
  );
  const list = await desk.getPage(`/admin/submissions?q=${encodeURIComponent(email)}`);
  const quotes = `${found(LEAD_LINK, list.html, `the desk does not list ${email}`)}/quotes`;
  const added = await desk.post(quotes, deskQuoteForm("Acme Mutual", "bindable", "1,800"));
  check(added.status < 400, `the desk's quote for ${email} was refused (${added.status})`);
  const published = await desk.post(quotes, { intent: "publish" });
  check(published.status < 400, `publishing ${email}'s quotes was refused`);
  const ready = await emailTo(dataDir, email, /quotes are ready/);
  const opened = await customer.post(resumeLinkIn(ready), {});
  check(opened.location === QUOTES_PATH, `${email}'s link led to ${opened.location}`);
  return { customer, quotes };
}

/**
 * The quotes and bind pages of one customer, and the policy, certificate and renewal request pages
 * of another, with their cookies.
 */
export async function customerPages(
  appUrl: string,
  dir: string,
  env: Record<string, string>,
): Promise<CustomerPage[]> {
  const dataDir = env.DATA_DIR ?? "";
  await createOperator(dir, env);
  const desk = new HttpVisitor(appUrl, { origin: appUrl });
  const signedIn = await desk.post("/admin/login", { ...DESK, next: "/admin" });
  check(signedIn.status === 302, `the desk could not sign in (${signedIn.status})`);

  const chooser = (await customerWithQuotes(appUrl, dataDir, desk, "bench-quotes@example.com"))
    .customer;
  const page = await chooser.getPage(QUOTES_PATH);
  const bind = found(BIND_LINK, page.html, "the quotes page offers no quote to choose");

  const second = await customerWithQuotes(appUrl, dataDir, desk, "bench-policy@example.com");
  const insured = second.customer;
  const offered = await insured.getPage(QUOTES_PATH);
  const chosen = found(BIND_LINK, offered.html, "the second customer's quotes page offers none");
  const asked = await insured.post(chosen, bindForm("Ana Bench", daysFromToday(30)));
  check(asked.status === 302, `the request to bind was refused (${asked.status})`);
  const { quotes } = second;
  const bound = await desk.post(quotes, {
    intent: "bind",
    binderNumber: "B-BENCH-1",
    binderEffective: daysFromToday(30),
    binderExpires: daysFromToday(90),
  });
  check(bound.status < 400, `binding was refused (${bound.status})`);
  const policy = new FormData();
  policy.set("intent", "policy");
  policy.set("policyNumber", "GL-BENCH-1");
  policy.set("policyStart", daysFromToday(30));
  policy.set("policyEnd", daysFromToday(395));
  policy.set(
    "file",
    new Blob(["%PDF-1.4\n% the bench's policy\n%%EOF\n"], { type: "application/pdf" }),
    "GL-BENCH-1.pdf",
  );
  const issued = await fetch(`${appUrl}${quotes}`, {
    method: "POST",
    body: policy,
    redirect: "manual",
    headers: { Cookie: desk.cookie(), Origin: appUrl },
  });
  check(issued.status < 400, `adding the policy was refused (${issued.status})`);
  const held = await insured.getPage(POLICY_PATH);
  check(held.html.includes("GL-BENCH-1"), "the policy page does not show the policy");
  const certificate = await insured.getPage(CERTIFICATE_REQUEST_PATH);
  check(/<form [^>]*method="post"/.test(certificate.html), "the certificate page has no form");
  const renewal = await insured.getPage(RENEWAL_REQUEST_PATH);
  check(renewal.html.includes('id="renewal-quotes"'), "the renewal page has no request form");

  return [
    { path: QUOTES_PATH, kind: "visitor", cookie: chooser.cookie() },
    { path: bind, kind: "visitor", cookie: chooser.cookie() },
    { path: POLICY_PATH, kind: "visitor", cookie: insured.cookie() },
    { path: CERTIFICATE_REQUEST_PATH, kind: "visitor", cookie: insured.cookie() },
    { path: RENEWAL_REQUEST_PATH, kind: "visitor", cookie: insured.cookie() },
  ];
}
