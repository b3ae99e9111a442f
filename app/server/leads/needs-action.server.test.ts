import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest } from "#tests/support/lead-fixtures.ts";

import { createOperator } from "#app/server/admin/operators.server.ts";
import { getTimeline } from "#app/server/leads/desk-work.server.ts";
import {
  listWaiting,
  markHandled,
  NEEDS_ACTION_LIMIT,
} from "#app/server/leads/needs-action.server.ts";

describe.each(testDatabaseKinds)("needs action on $name", (kind) => {
  it("lists answers and documents not dealt with, oldest first, until marked, with who", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const lead = await leadWithRequest(db, "Roofers", "2026-11-20T15:00:00Z");
      const base = { submission_id: lead.submissionId, quote_request_id: lead.request.id };
      const answered = await db
        .insertInto("request_questions")
        .values({
          ...base,
          question: "Any claims?",
          asked_by: ana.id,
          answer: "None",
          answered_at: "2026-11-22T10:00:00Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Not answered yet: not waiting for the desk.
      await db
        .insertInto("request_questions")
        .values({ ...base, question: "How many roofers?", asked_by: ana.id })
        .execute();
      const document = await db
        .insertInto("request_documents")
        .values({
          ...base,
          purpose: "visitor",
          kind: "declarations",
          file_name: "dec.pdf",
          content_type: "application/pdf",
          byte_size: 10,
          sha256: "a".repeat(64),
          created_at: "2026-11-21T10:00:00Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(
        (await listWaiting(db)).map((item) => [item.kind, item.about, item.reference]),
      ).toEqual([
        ["document", "dec.pdf", "CP-ROOFER"],
        ["answer", "Any claims?", "CP-ROOFER"],
      ]);
      expect(await markHandled(db, { kind: "document", id: document.id }, ana.id)).toBe(true);
      // Once only; an answer's id is not a document's.
      expect(await markHandled(db, { kind: "document", id: document.id }, ana.id)).toBe(false);
      expect(await markHandled(db, { kind: "document", id: answered.id }, ana.id)).toBe(false);
      expect((await listWaiting(db)).map((item) => item.kind)).toEqual(["answer"]);
      const handled = await db
        .selectFrom("request_documents")
        .select(["handled_by"])
        .executeTakeFirstOrThrow();
      expect(handled.handled_by).toBe(ana.id);
      const [entry] = await getTimeline(db, lead.submissionId);
      expect(entry).toMatchObject({
        by: "ana@agency.example",
        body: 'CP-ROOFER: document marked dealt with ("dec.pdf")',
      });
    });
  });

  it("a request to bind by its own reference, each with its lead, and only the oldest when many wait", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const roofers = await leadWithRequest(db, "Roofers", "2026-11-20T15:00:00Z");
      const bakers = await leadWithRequest(db, "Bakers", "2026-11-20T16:00:00Z");
      const quote = await db
        .insertInto("insurer_quotes")
        .values({
          quote_request_id: bakers.request.id,
          insurer: "Acme Mutual",
          kind: "bindable",
          premium_cents: 100_000,
          pay_in_full: true,
          term_start: "2027-01-01",
          term_end: "2028-01-01",
          valid_until: "2026-12-31",
          lines: "[]",
          status: "published",
          created_by: ana.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("bind_requests")
        .values({
          submission_id: bakers.submissionId,
          quote_request_id: bakers.request.id,
          insurer_quote_id: quote.id,
          reference: "PB-BAKERS",
          quote_seen: JSON.stringify({ insurer: "Acme Mutual" }),
          payment: "in-full",
          start_date: "2027-01-01",
          statements: "[]",
          signature_name: "Ana Bakers",
          signed_at: "2026-11-21T09:00:00Z",
          client_address: "203.0.113.9",
        })
        .execute();
      // More answers waiting than the list shows, every one later than the request to bind.
      await db
        .insertInto("request_questions")
        .values(
          Array.from({ length: NEEDS_ACTION_LIMIT }, (_, index) => ({
            submission_id: roofers.submissionId,
            quote_request_id: roofers.request.id,
            question: `Question ${index + 1}`,
            asked_by: ana.id,
            answer: "Yes",
            answered_at: new Date(Date.UTC(2026, 10, 22, 0, index)).toISOString(),
          })),
        )
        .execute();
      const waiting = await listWaiting(db);
      expect(waiting).toHaveLength(NEEDS_ACTION_LIMIT);
      expect(waiting[0]).toMatchObject({
        kind: "bind",
        reference: "PB-BAKERS",
        lead: "Bakers",
        about: "Acme Mutual",
        submissionId: bakers.submissionId,
        // Its link opens the very request it is about.
        requestId: bakers.request.id,
      });
      expect(waiting[1]).toMatchObject({
        kind: "answer",
        reference: "CP-ROOFER",
        lead: "Roofers",
        about: "Question 1",
      });
      // The newest answer is the one left out.
      expect(waiting.at(-1)?.about).toBe(`Question ${NEEDS_ACTION_LIMIT - 1}`);
    });
  });

  it("a binder until its policy comes, with its expiry; the customer's decline until dealt with", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const bakers = await leadWithRequest(db, "Bakers", "2026-11-20T16:00:00Z");
      const quote = await db
        .insertInto("insurer_quotes")
        .values({
          quote_request_id: bakers.request.id,
          insurer: "Acme Mutual",
          kind: "bindable",
          premium_cents: 100_000,
          pay_in_full: true,
          term_start: "2027-01-01",
          term_end: "2028-01-01",
          valid_until: "2026-12-31",
          lines: "[]",
          status: "published",
          created_by: ana.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const bind = await db
        .insertInto("bind_requests")
        .values({
          submission_id: bakers.submissionId,
          quote_request_id: bakers.request.id,
          insurer_quote_id: quote.id,
          reference: "CP-BAKERS-B",
          quote_seen: JSON.stringify({ insurer: "Acme Mutual" }),
          payment: "in-full",
          start_date: "2027-01-01",
          statements: "[]",
          signature_name: "Ana Bakers",
          signed_at: "2026-11-21T09:00:00Z",
          client_address: "203.0.113.9",
          status: "bound",
          binder_number: "BND-1",
          binder_effective: "2027-01-01",
          binder_expires: "2027-01-31",
          bound_at: "2026-11-22T09:00:00Z",
          bound_by: ana.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const declined = await db
        .insertInto("customer_messages")
        .values({
          submission_id: bakers.submissionId,
          quote_request_id: bakers.request.id,
          kind: "declined",
          body: "The price",
          language: "en",
          created_at: "2026-11-23T09:00:00Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(
        (await listWaiting(db)).map((item) => [item.kind, item.about, item.expires ?? null]),
      ).toEqual([
        ["binder", "Acme Mutual", "2027-01-31"],
        ["declined", "The price", null],
      ]);
      expect(await markHandled(db, { kind: "declined", id: declined.id }, ana.id)).toBe(true);
      expect(await markHandled(db, { kind: "question", id: declined.id }, ana.id)).toBe(false);
      await db
        .updateTable("bind_requests")
        .set({ policy_number: "GL-1", policy_start: "2027-01-01", policy_end: "2028-01-01" })
        .where("id", "=", bind.id)
        .execute();
      expect(await listWaiting(db)).toEqual([]);
    });
  });
});
