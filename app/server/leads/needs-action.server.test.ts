import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest } from "#tests/support/lead-fixtures.ts";

import { createOperator } from "#app/server/admin/operators.server.ts";
import { getTimeline } from "#app/server/leads/desk-work.server.ts";
import { listWaiting, markHandled } from "#app/server/leads/needs-action.server.ts";

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
});
