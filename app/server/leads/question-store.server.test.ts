import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest } from "#tests/support/lead-fixtures.ts";

import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import { getTimeline } from "#app/server/leads/desk-work.server.ts";
import {
  answerQuestion,
  askQuestion,
  listQuestions,
} from "#app/server/leads/question-store.server.ts";
import { checkResumeLink } from "#app/server/wizard/resume-tokens.server.ts";

const OPTIONS = {
  siteUrl: "https://coverpilot.example",
  agency: { ...SAMPLE_AGENCY, sample: true },
  perHour: 1,
  // One email an hour for the operator: the desk's limit (decision 054).
  limits: { perOperatorPerHour: 1, perHour: 500 },
};

describe.each(testDatabaseKinds)("questions to the visitor on $name", (kind) => {
  it("emails the question's link in the application's language, to the link's page in it", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const lead = await leadWithRequest(db, "Techos", "2026-11-20T15:00:00Z", "quoted");
      const visitor = { email: lead.email, firstName: "Rosa", language: "es" as const };
      await askQuestion(db, lead.request, "¿Subcontrata trabajos de techos?", visitor, {
        ...OPTIONS,
        operatorId: ana.id,
      });
      const [email] = await db.selectFrom("outbox").select(["subject", "text_body"]).execute();
      expect(email?.subject).toMatch(/^Su agente tiene una pregunta \(CP-/);
      expect(email?.text_body).toMatch(/^Hola, Rosa:\n\nPara terminar las cotizaciones/);
      const token = /\/es\/resume\/([\w-]{43})/.exec(email?.text_body ?? "")?.[1] ?? "";
      expect(await checkResumeLink(db, token)).toMatchObject({ state: "valid", opens: "quotes" });
    });
  });

  it("asks, emails a link that opens the quotes, and keeps the answer once, as sent", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const lead = await leadWithRequest(db, "Roofers", "2026-11-20T15:00:00Z", "quoted");
      const visitor = { email: lead.email, firstName: "Ana", language: "en" as const };
      const asked = await askQuestion(
        db,
        lead.request,
        "Do you subcontract roofing work?",
        visitor,
        { ...OPTIONS, operatorId: ana.id },
      );
      if (asked.outcome !== "asked") throw new Error("not asked");
      expect(asked.emailed).toBe(true);
      const [email] = await db.selectFrom("outbox").select(["subject", "text_body"]).execute();
      expect(email?.subject).toBe("Your agent has a question (CP-ROOFER)");
      // The question stays behind the link.
      expect(email?.text_body).not.toContain("subcontract");
      const token = /\/resume\/([\w-]+)/.exec(email?.text_body ?? "")?.[1] ?? "";
      expect(await checkResumeLink(db, token)).toMatchObject({ opens: "quotes" });

      // Past the operator's hourly limit the question is still asked, its email held.
      const again = await askQuestion(db, lead.request, "How many roofers?", visitor, {
        ...OPTIONS,
        operatorId: ana.id,
      });
      expect(again).toMatchObject({ outcome: "asked", emailed: false, held: "limit" });

      expect(await answerQuestion(db, lead.request, asked.questionId, "No, never.")).toBe(
        "answered",
      );
      // Once only: a second answer changes nothing.
      expect(await answerQuestion(db, lead.request, asked.questionId, "Yes.")).toBe("not-found");
      const [first, second] = await listQuestions(db, lead.request.id);
      expect(first).toMatchObject({
        question: "Do you subcontract roofing work?",
        askedBy: "ana@agency.example",
        answer: "No, never.",
      });
      expect(first?.answeredAt).toBeInstanceOf(Date);
      expect(second).toMatchObject({ answer: null, answeredAt: null });
      const [entry] = await getTimeline(db, lead.submissionId);
      expect(entry).toMatchObject({
        kind: "question",
        by: null,
        body: 'CP-ROOFER: the visitor answered "Do you subcontract roofing work?"',
      });
    });
  });

  it("answers nothing for another request's question, a guessed id, or a closed request", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const mine = await leadWithRequest(db, "Roofers", "2026-11-20T15:00:00Z");
      const other = await leadWithRequest(db, "Others", "2026-11-20T15:00:00Z");
      const asked = await askQuestion(
        db,
        mine.request,
        "Any claims?",
        { email: mine.email, firstName: null, language: "en" },
        { ...OPTIONS, operatorId: ana.id },
      );
      if (asked.outcome !== "asked") throw new Error("not asked");
      expect(await answerQuestion(db, other.request, asked.questionId, "None")).toBe("not-found");
      expect(await answerQuestion(db, mine.request, "not-an-id", "None")).toBe("not-found");
      const lost = await leadWithRequest(db, "Closed", "2026-11-20T15:00:00Z", "lost");
      expect(
        await askQuestion(
          db,
          lost.request,
          "Any claims?",
          { email: lost.email, firstName: null, language: "en" },
          { ...OPTIONS, operatorId: ana.id },
        ),
      ).toEqual({ outcome: "closed" });
      const [question] = await listQuestions(db, mine.request.id);
      expect(question?.answer).toBe(null);
    });
  });
});
