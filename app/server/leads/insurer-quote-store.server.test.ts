import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest, SAMPLE_QUOTE } from "#tests/support/lead-fixtures.ts";

import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import type { Db } from "#app/server/db/database.server.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import { getTimeline } from "#app/server/leads/desk-work.server.ts";
import { recipientKey } from "#app/server/mail/outbox.server.ts";
import {
  addInsurerQuote,
  declineInsurerQuotes,
  getInsurerQuote,
  hasPublishedQuotes,
  listInsurerQuotes,
  markSubjectivity,
  publishInsurerQuotes,
  updateInsurerQuote,
  withdrawInsurerQuote,
} from "#app/server/leads/insurer-quote-store.server.ts";
import type { InsurerQuoteInput } from "#app/domain/quote/insurer-quotes.ts";
import { linkDestination } from "#app/server/wizard/application-stage.server.ts";
import { checkResumeLink, redeemResumeLink } from "#app/server/wizard/resume-tokens.server.ts";

/** A lead with a quote request (lead-fixtures.ts), as the quote functions take it. */
async function lead(db: Db, name: string, status = "new") {
  const made = await leadWithRequest(db, name, "2026-11-20T15:00:00Z", status);
  return { ...made.request, email: made.email };
}

const QUOTE = SAMPLE_QUOTE;

const PUBLISH = {
  siteUrl: "https://coverpilot.example",
  agency: { ...SAMPLE_AGENCY, sample: true },
  perHour: 5,
};

/** A surplus lines quote with every part issue 55 adds: two lines, one claims-made. */
const SURPLUS_QUOTE: InsurerQuoteInput = {
  ...SAMPLE_QUOTE,
  insurer: "Lloyd's Syndicate 1234",
  market: "non-admitted",
  premiumCents: 400_000,
  charges: {
    surplusLinesTaxCents: 12_000,
    stampingFeeCents: 720,
    policyFeeCents: 15_000,
    inspectionFeeCents: 7_500,
    brokerFeeCents: 10_000,
  },
  minimumEarnedCents: 100_000,
  monthlyFeeCents: 500,
  instalments: { downPaymentCents: 111_220, count: 9, amountCents: 37_000 },
  terrorism: { offered: true, premiumCents: 4_000 },
  rating: { rating: "A- (Excellent)", source: "AM Best", asOf: "2026-11-20" },
  subjectivities: [
    { text: "Signed application", timing: "before-binding", due: "2026-12-20", receivedOn: null },
    { text: "Loss runs", timing: "after-binding", due: "2027-01-31", receivedOn: null },
  ],
  lines: [
    { ...SAMPLE_QUOTE.lines[0]!, auditable: true },
    {
      line: "errors-and-omissions",
      occurrenceCents: 100_000_000,
      aggregateCents: 100_000_000,
      limitText: null,
      deductibleCents: 250_000,
      basis: "claims-made",
      retroDate: "2024-03-01",
      auditable: false,
    },
  ],
};

describe.each(testDatabaseKinds)("what a quote proposes, kept on $name (issue 55)", (kind) => {
  it("reads back exactly what the save gave: market, parts, plan, TRIA, rating, subjectivities, lines", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Roofers");
      const added = await addInsurerQuote(db, request, SURPLUS_QUOTE, ana.id);
      if (added.outcome !== "saved") throw new Error(added.outcome);
      const quote = await getInsurerQuote(db, request.id, added.quoteId);
      const { id, status, publishedAt, updatedAt, ...kept } = quote!;
      expect({ id, status, publishedAt }).toEqual({
        id: added.quoteId,
        status: "draft",
        publishedAt: null,
      });
      expect(updatedAt).toBeInstanceOf(Date);
      expect(kept).toEqual(SURPLUS_QUOTE);
    });
  });

  it("refuses a surplus lines tax on an admitted quote in the database too", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Roofers");
      await expect(
        addInsurerQuote(db, request, { ...SURPLUS_QUOTE, market: "admitted" }, ana.id),
      ).rejects.toThrow();
    });
  });

  it("tracks a subjectivity received, keeps it through a change, and reads an older quote as not recorded", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Roofers");
      const added = await addInsurerQuote(db, request, SURPLUS_QUOTE, ana.id);
      if (added.outcome !== "saved") throw new Error(added.outcome);
      const mark = { quoteId: added.quoteId, index: 1, day: "2026-11-27" };
      expect(await markSubjectivity(db, request, mark, ana.id)).toBe("marked");
      expect(await markSubjectivity(db, request, { ...mark, index: 2 }, ana.id)).toBe("not-found");
      const [entry] = await getTimeline(db, request.submissionId);
      expect(entry?.body).toBe(
        `CP-ROOFER: Lloyd's Syndicate 1234's subjectivity "Loss runs" received on 2026-11-27`,
      );
      // The agent changes the quote: the same subjectivity stays received, a new one is not.
      const changed = {
        ...SURPLUS_QUOTE,
        subjectivities: [
          ...SURPLUS_QUOTE.subjectivities,
          { text: "Photos", timing: "after-binding", due: "2027-02-01", receivedOn: null },
        ],
      } satisfies InsurerQuoteInput;
      await updateInsurerQuote(db, request, added.quoteId, changed, ana.id);
      const quote = await getInsurerQuote(db, request.id, added.quoteId);
      expect(quote?.subjectivities.map((item) => item.receivedOn)).toEqual([
        null,
        "2026-11-27",
        null,
      ]);
      // A quote saved before issue 55: its lines and the new columns as they were left.
      await db
        .updateTable("insurer_quotes")
        .set({
          market: null,
          terrorism_offered: null,
          surplus_lines_tax_cents: null,
          stamping_fee_cents: null,
          down_payment_cents: null,
          instalment_count: null,
          instalment_cents: null,
          lines: JSON.stringify([
            {
              line: "general-liability",
              occurrenceCents: 100,
              aggregateCents: null,
              limitText: null,
              deductibleCents: null,
            },
          ]),
        })
        .where("id", "=", added.quoteId)
        .execute();
      expect(await getInsurerQuote(db, request.id, added.quoteId)).toMatchObject({
        market: null,
        terrorism: null,
        instalments: null,
        lines: [{ line: "general-liability", basis: null, retroDate: null, auditable: false }],
      });
    });
  });
});

describe.each(testDatabaseKinds)("the agency's quotes on $name", (kind) => {
  it("keeps a quote exactly as entered, a draft until published, on the lead's timeline", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Roofers");
      const added = await addInsurerQuote(db, request, QUOTE, ana.id);
      expect(added.outcome).toBe("saved");
      const [quote] = await listInsurerQuotes(db, request.id);
      expect(quote).toMatchObject({ ...QUOTE, status: "draft", publishedAt: null });
      expect(await listInsurerQuotes(db, request.id, "published")).toEqual([]);
      const [entry] = await getTimeline(db, request.submissionId);
      expect(entry).toMatchObject({
        kind: "quote",
        by: "ana@agency.example",
        body: "CP-ROOFER: quote added (Acme Mutual, bindable, $2,400.50)",
      });
    });
  });

  it("writes the quotes-ready email in the visitor's language, linking to the link's page in it", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Techos", "contacted");
      await addInsurerQuote(db, request, QUOTE, ana.id);
      const visitor = { email: request.email, firstName: "Rosa", language: "es" as const };
      await publishInsurerQuotes(db, request, visitor, { ...PUBLISH, operatorId: ana.id });
      const [email] = await db.selectFrom("outbox").select(["subject", "text_body"]).execute();
      expect(email?.subject).toMatch(/^Sus cotizaciones están listas \(/);
      expect(email?.text_body).toMatch(/^Hola, Rosa:\n\nTenemos una cotización de aseguradoras/);
      const token = /\/es\/resume\/([A-Za-z0-9_-]{43})/.exec(email?.text_body ?? "")?.[1] ?? "";
      expect(await checkResumeLink(db, token)).toMatchObject({ state: "valid", opens: "quotes" });
    });
  });

  it("publishes the drafts together: Quoted, one email with a link that opens the quotes", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Roofers", "contacted");
      await addInsurerQuote(db, request, QUOTE, ana.id);
      await addInsurerQuote(db, request, { ...QUOTE, insurer: "Beacon", kind: "estimate" }, ana.id);
      const visitor = { email: request.email, firstName: "Ana" };
      expect(await hasPublishedQuotes(db, request.submissionId)).toBe(false);
      const link = { opens: "application" as const, submissionId: request.submissionId };
      // Quotes asked for and none published yet: the quotes page says they are being gathered.
      expect(await linkDestination(db, link, undefined)).toBe("/business-wizard/quotes");
      const published = await publishInsurerQuotes(db, request, visitor, {
        ...PUBLISH,
        operatorId: ana.id,
      });
      expect(published).toEqual({ outcome: "published", count: 2, emailed: true });
      expect(await hasPublishedQuotes(db, request.submissionId)).toBe(true);
      // Now a link back to the complete application (from /login) opens the quotes; one to an
      // application not yet complete still goes to its first missing step.
      expect(await linkDestination(db, link, undefined)).toBe("/business-wizard/quotes");
      expect(await linkDestination(db, link, "ownership")).toBe("/business-wizard/questionnaire-3");
      expect(await linkDestination(db, { ...link, opens: "quotes" }, "ownership")).toBe(
        "/business-wizard/quotes",
      );

      const quotes = await listInsurerQuotes(db, request.id, "published");
      expect(quotes.map((quote) => quote.insurer)).toEqual(["Acme Mutual", "Beacon"]);
      const stored = await db
        .selectFrom("quote_requests")
        .select("status")
        .where("id", "=", request.id)
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe("quoted");
      const emails = await db
        .selectFrom("outbox")
        .select(["recipients", "subject", "text_body"])
        .execute();
      expect(emails).toHaveLength(1);
      expect(emails[0]?.recipients).toEqual([request.email]);
      expect(emails[0]?.subject).toBe("Your quotes are ready (CP-ROOFER)");
      const token = /\/resume\/([A-Za-z0-9_-]{43})/.exec(emails[0]?.text_body ?? "")?.[1] ?? "";
      expect(await checkResumeLink(db, token)).toEqual({
        state: "valid",
        submissionId: request.submissionId,
        opens: "quotes",
      });
      expect((await redeemResumeLink(db, token))?.opens).toBe("quotes");

      // Nothing left to publish: nothing changes, nobody is emailed again.
      expect(
        await publishInsurerQuotes(db, request, visitor, { ...PUBLISH, operatorId: ana.id }),
      ).toEqual({ outcome: "nothing-to-publish" });
      expect(await db.selectFrom("outbox").select("id").execute()).toHaveLength(1);
      const timeline = await getTimeline(db, request.submissionId);
      expect(timeline.map((entry) => entry.body)).toContain(
        "CP-ROOFER: 2 quotes published to the visitor",
      );
      expect(timeline.map((entry) => entry.body)).toContain("CP-ROOFER: Contacted → Quoted");
    });
  });

  it("emails a proven customer whose inbox has had its visitor emails for the hour (decision 054)", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Roofers");
      await addInsurerQuote(db, request, QUOTE, ana.id);
      // The inbox has had three emails of the hour: the per-inbox cap (3) is for visitors' forms.
      await db
        .insertInto("mail_recipient_sends")
        .values({
          recipient_key: recipientKey(request.email),
          sent_at: [new Date(), new Date(), new Date()],
          outbox_ids: [null, null, null],
        })
        .execute();
      const published = await publishInsurerQuotes(
        db,
        request,
        { email: request.email, firstName: null },
        { ...PUBLISH, perHour: 3, operatorId: ana.id },
      );
      expect(published).toEqual({ outcome: "published", count: 1, emailed: true });
      expect(
        await db.selectFrom("outbox").select(["recipients", "subject", "held"]).execute(),
      ).toEqual([
        { recipients: [request.email], subject: "Your quotes are ready (CP-ROOFER)", held: null },
      ]);
    });
  });

  it("publishes past the site's hourly limit, keeps the email held, and the timeline says not sent", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Roofers");
      await addInsurerQuote(db, request, QUOTE, ana.id);
      const published = await publishInsurerQuotes(
        db,
        request,
        { email: request.email, firstName: null },
        { ...PUBLISH, operatorId: ana.id, limits: { perOperatorPerHour: 10, perHour: 0 } },
      );
      expect(published).toEqual({
        outcome: "published",
        count: 1,
        emailed: false,
        held: "limit",
      });
      expect(await db.selectFrom("outbox").select(["held", "sent_at"]).execute()).toEqual([
        { held: "limit", sent_at: null },
      ]);
      const [entry] = await getTimeline(db, request.submissionId);
      expect(entry).toMatchObject({ kind: "not-sent", by: "ana@agency.example" });
      expect(entry!.body).toMatch(/^"Your quotes are ready \(CP-ROOFER\)": the desk's hourly/);
      expect(entry!.resend).toBeDefined();
    });
  });

  it("publishes an application whose email is not proven without emailing it, and says why", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Roofers");
      await db
        .updateTable("business_wizard_submissions")
        .set({ email_not_proven: true })
        .where("id", "=", request.submissionId)
        .execute();
      await addInsurerQuote(db, request, QUOTE, ana.id);
      const published = await publishInsurerQuotes(
        db,
        request,
        { email: request.email, firstName: null },
        { ...PUBLISH, operatorId: ana.id },
      );
      expect(published).toEqual({
        outcome: "published",
        count: 1,
        emailed: false,
        held: "unproven",
      });
      // Nothing the worker would send.
      expect(
        await db.selectFrom("outbox").select("id").where("held", "is", null).execute(),
      ).toEqual([]);
      const [entry] = await getTimeline(db, request.submissionId);
      expect(entry).toMatchObject({ kind: "not-sent" });
      expect(entry!.body).toContain("this application's email is not proven");
    });
  });

  it("changes and withdraws a quote of its own request only, and nothing of a closed request", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const mine = await lead(db, "Roofers");
      const theirs = await lead(db, "Bakers");
      const added = await addInsurerQuote(db, mine, QUOTE, ana.id);
      if (added.outcome !== "saved") throw new Error("not added");

      // Another request's id does not reach this quote, whatever is posted.
      expect(await getInsurerQuote(db, theirs.id, added.quoteId)).toBeUndefined();
      expect(await updateInsurerQuote(db, theirs, added.quoteId, QUOTE, ana.id)).toEqual({
        outcome: "not-found",
      });
      expect(await withdrawInsurerQuote(db, theirs, added.quoteId, ana.id)).toEqual({
        outcome: "not-found",
      });
      expect(await updateInsurerQuote(db, mine, "not-a-uuid", QUOTE, ana.id)).toEqual({
        outcome: "not-found",
      });

      const changed = { ...QUOTE, premiumCents: 199_900, notes: null };
      expect((await updateInsurerQuote(db, mine, added.quoteId, changed, ana.id)).outcome).toBe(
        "saved",
      );
      expect(await getInsurerQuote(db, mine.id, added.quoteId)).toMatchObject(changed);
      expect((await withdrawInsurerQuote(db, mine, added.quoteId, ana.id)).outcome).toBe("saved");
      expect((await getInsurerQuote(db, mine.id, added.quoteId))?.status).toBe("withdrawn");
      // A withdrawn quote takes no change.
      expect(await updateInsurerQuote(db, mine, added.quoteId, QUOTE, ana.id)).toEqual({
        outcome: "not-found",
      });

      const lost = await lead(db, "Painters", "lost");
      expect(await addInsurerQuote(db, lost, QUOTE, ana.id)).toEqual({ outcome: "closed" });
      expect(await listInsurerQuotes(db, lost.id)).toEqual([]);
    });
  });
  it("lets the visitor decline published quotes once: Lost with the reason, by the visitor", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const request = await lead(db, "Roofers");
      const writer = {
        draft: "7f0c2f4e-6a55-4f0e-9a8e-2f1c9d3b4a10",
        client: "0123456789abcdef",
        proven: request.submissionId,
      };
      // Nothing published yet: nothing to decline.
      await addInsurerQuote(db, request, QUOTE, ana.id);
      expect(await declineInsurerQuotes(db, request, "price", writer)).toBe("no-quotes");
      await publishInsurerQuotes(
        db,
        request,
        { email: request.email, firstName: null },
        { ...PUBLISH, operatorId: ana.id },
      );
      expect(await declineInsurerQuotes(db, request, "price", writer)).toBe("declined");
      const stored = await db
        .selectFrom("quote_requests")
        .select(["status", "lost_reason"])
        .where("id", "=", request.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: "lost", lost_reason: "price" });
      const revision = await db
        .selectFrom("quote_request_revisions")
        .select(["draft_id", "email_proven", "operator_id"])
        .where("quote_request_id", "=", request.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(revision).toEqual({ draft_id: writer.draft, email_proven: true, operator_id: null });
      const [entry] = await getTimeline(db, request.submissionId);
      expect(entry).toMatchObject({
        kind: "status",
        by: null,
        body: "CP-ROOFER: Quoted → Lost (the visitor declined every quote: The price)",
      });
      // Once closed, nothing more: neither a second decline nor a quote change.
      expect(await declineInsurerQuotes(db, request, null, writer)).toBe("closed");
      expect(await addInsurerQuote(db, request, QUOTE, ana.id)).toEqual({ outcome: "closed" });
    });
  });
});
