import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { NO_OPTIONAL_ANSWERS, type QuoteRequestInput } from "#app/domain/quote/quote-request.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import type { Db } from "#app/server/db/database.server.ts";

import { parseEnv } from "#app/server/env.server.ts";
import {
  getPlanSubmission,
  getQuoteRequestHistory,
  getSubmissionRequest,
  latestQuoteRequest,
  listQuoteRequests,
  openDeskRequest,
  saveOptionalAnswers,
  saveQuoteRequest,
  sendQuoteConfirmation,
  setQuoteRequestStatus,
} from "#app/server/wizard/quote-requests.server.ts";
import { UNKNOWN_WRITER } from "#app/server/wizard/submission-history.server.ts";
import { saveCompleteSubmission } from "#app/server/wizard/submission-saves.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { completeRecord } from "#tests/support/application-records.ts";

const record = completeRecord({
  state: "California",
  segments: ["Bookstore"],
  email: "owner@example.com",
  business_name: "Chapter One Books",
  last_name: "Lead",
  phone_number: "+15552345678",
  consent_to_texts: false,
  consent_text: null,
  consent_given_at: null,
  legal_business_name: "Chapter One Books LLC",
  primary_location: "1 Main St",
  unit: null,
  same_address: "Yes",
  mailing_address: null,
  ownership_structure: "Limited Liability Company",
  start_year: "2015",
  naics_code: null,
  naics_title: null,
});

const request: QuoteRequestInput = {
  lines: ["business-owners-policy", "cyber-insurance"],
  startDate: "2026-12-01",
  contactChannel: "email",
  note: "Please call after 3pm",
};

/** References handed out in order, for making two requests collide. */
/** An operator of the lead desk (the revisions keep the id; no account is needed here). */
const OPERATOR_ID = "00000000-0000-4000-8000-000000000001";

function references(...list: string[]): () => string {
  let next = 0;
  return () => list[Math.min(next++, list.length - 1)]!;
}

const env = parseEnv({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-quote-")),
  SITE_URL: "https://coverpilot.example",
  SESSION_SECRET: "s".repeat(32),
  MAIL_PER_RECIPIENT_PER_HOUR: "2",
});

/** A complete application saved with `values` and its quote request CP-7K3F9Q. */
async function requested(db: Db, values: typeof record) {
  const id = await saveCompleteSubmission(db, undefined, values);
  const { request: saved } = await saveQuoteRequest(
    db,
    id,
    request,
    "I agree.",
    UNKNOWN_WRITER,
    () => "CP-7K3F9Q",
  );
  return { id, saved };
}

describe.each(testDatabaseKinds)("quote requests on $name", (kind) => {
  it("saves the optional answers to the application, and clears those left empty", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const id = await saveCompleteSubmission(db, undefined, record);
      const answers = {
        fullTimeEmployees: 3,
        partTimeEmployees: 0,
        annualRevenue: 12_000_000_000,
        revenueBand: "5m-plus" as const,
        claimsInLast3Years: false,
        currentlyInsured: true,
        workingOwners: null,
        vehicles: null,
        retirementPlan: true,
      };
      expect(await saveOptionalAnswers(db, id, answers)).toBe(true);
      expect((await getPlanSubmission(db, id))?.optional).toEqual(answers);
      await saveOptionalAnswers(db, id, NO_OPTIONAL_ANSWERS);
      expect((await getPlanSubmission(db, id))?.optional).toEqual(NO_OPTIONAL_ANSWERS);
      // The final save again leaves them alone.
      await saveOptionalAnswers(db, id, answers);
      await saveCompleteSubmission(db, id, record);
      expect((await getPlanSubmission(db, id))?.optional).toEqual(answers);
    });
  });

  it("makes one open request per submission: asking again updates it and keeps its reference", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const id = await saveCompleteSubmission(db, undefined, record);
      const first = await saveQuoteRequest(
        db,
        id,
        request,
        "I agree.",
        UNKNOWN_WRITER,
        references("CP-7K3F9Q"),
      );
      expect(first.change).toBe("created");
      expect(first.request).toMatchObject({
        reference: "CP-7K3F9Q",
        lines: request.lines,
        startDate: "2026-12-01",
        contactChannel: "email",
        note: "Please call after 3pm",
        consentText: "I agree.",
        status: "new",
      });
      const again = await saveQuoteRequest(
        db,
        id,
        { ...request, lines: ["workers-comp"], note: undefined },
        "I agree again.",
        UNKNOWN_WRITER,
        references("CP-AAAAAA"),
      );
      expect(again.change).toBe("updated");
      expect(again.request).toMatchObject({
        id: first.request.id,
        reference: "CP-7K3F9Q",
        lines: ["workers-comp"],
        note: null,
        consentText: "I agree again.",
      });
      expect(await db.selectFrom("quote_requests").select("id").execute()).toHaveLength(1);

      // A closed request stays as it was; the next request is a new one.
      await setQuoteRequestStatus(db, first.request.id, "lost", OPERATOR_ID);
      const after = await saveQuoteRequest(
        db,
        id,
        request,
        "I agree.",
        UNKNOWN_WRITER,
        references("CP-CDEFGH"),
      );
      expect(after.change).toBe("created");
      expect(after.request.reference).toBe("CP-CDEFGH");
      expect((await latestQuoteRequest(db, id))?.id).toBe(after.request.id);
    });
  });

  it("a request sent again unchanged writes nothing; every change is kept with who made it", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const id = await saveCompleteSubmission(db, undefined, record);
      const visitor = {
        draft: "00000000-0000-4000-8000-00000000000a",
        client: "ab12cd34ab12cd34",
        proven: null,
      };
      const first = await saveQuoteRequest(db, id, request, "I agree.", visitor);
      const same = await saveQuoteRequest(db, id, { ...request }, "I agree.", visitor);
      expect(same.change).toBe("unchanged");
      expect(same.request).toEqual(first.request);
      const changed = await saveQuoteRequest(
        db,
        id,
        { ...request, note: "Mornings now" },
        "I agree.",
        visitor,
      );
      expect(changed.change).toBe("updated");
      await setQuoteRequestStatus(db, first.request.id, "contacted", OPERATOR_ID);

      const latest = (await latestQuoteRequest(db, id))!;
      const history = await getQuoteRequestHistory(db, latest);
      expect(history.total).toBe(3);
      expect(history.versions.map((version) => version.changes)).toEqual([
        [{ field: "status", before: "new", after: "contacted" }],
        // Asking again is agreeing again: the consent's time moves with the change.
        [
          { field: "note", before: "Please call after 3pm", after: "Mornings now" },
          { field: "consent_given_at", before: expect.any(String), after: expect.any(String) },
        ],
        expect.arrayContaining([
          { field: "status", before: null, after: "new" },
          { field: "note", before: null, after: "Please call after 3pm" },
        ]),
      ]);
      expect(history.versions.map((version) => version.writer)).toEqual([
        { visitor: null, clientHash: null, emailProven: false, operator: null },
        { visitor: 1, clientHash: visitor.client, emailProven: false, operator: null },
        { visitor: 1, clientHash: visitor.client, emailProven: false, operator: null },
      ]);
      const operatorRevision = await db
        .selectFrom("quote_request_revisions")
        .select("operator_id")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(operatorRevision.operator_id).toBe(OPERATOR_ID);
    });
  });

  it("opens a request at the desk only while none is open, written by the operator (issue 56)", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { id, saved } = await requested(db, record);
      const auto = { ...request, lines: ["commercial-auto"], note: "Two vans" };
      // The customer's first request is still open: that one is worked first, and nothing is made.
      expect(await openDeskRequest(db, id, auto, "Opened at the desk.", OPERATOR_ID)).toEqual({
        outcome: "already-open",
        reference: "CP-7K3F9Q",
      });
      expect(await listQuoteRequests(db, id)).toHaveLength(1);
      // Once bound (no longer open), a new request for another line opens beside it.
      await setQuoteRequestStatus(db, saved.id, "bound", OPERATOR_ID);
      const opened = await openDeskRequest(
        db,
        id,
        auto,
        "Opened at the desk.",
        OPERATOR_ID,
        () => "CP-AAAAAA",
      );
      expect(opened).toMatchObject({
        outcome: "opened",
        request: {
          reference: "CP-AAAAAA",
          lines: ["commercial-auto"],
          note: "Two vans",
          status: "new",
          consentText: "Opened at the desk.",
        },
      });
      const requests = await listQuoteRequests(db, id);
      expect(requests.map((each) => [each.reference, each.status])).toEqual([
        ["CP-7K3F9Q", "bound"],
        ["CP-AAAAAA", "new"],
      ]);
      const revision = await db
        .selectFrom("quote_request_revisions")
        .select(["operator_id", "quote_request_id"])
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(revision).toEqual({
        operator_id: OPERATOR_ID,
        quote_request_id: requests[1]?.id,
      });
      // A request is read by its id only for its own submission.
      const other = await saveCompleteSubmission(db, undefined, {
        ...record,
        email: "other@example.com",
      });
      expect(await getSubmissionRequest(db, id, requests[1]?.id ?? "")).toMatchObject({
        reference: "CP-AAAAAA",
      });
      expect(await getSubmissionRequest(db, other, requests[1]?.id ?? "")).toBeUndefined();
      expect(await getSubmissionRequest(db, id, "not-a-uuid")).toBeUndefined();
    });
  });

  it("draws another reference when one is taken, and gives up after a few", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const a = await saveCompleteSubmission(db, undefined, record);
      const b = await saveCompleteSubmission(db, undefined, { ...record, email: "b@example.com" });
      await saveQuoteRequest(db, a, request, "I agree.", UNKNOWN_WRITER, references("CP-7K3F9Q"));
      const second = await saveQuoteRequest(
        db,
        b,
        request,
        "I agree.",
        UNKNOWN_WRITER,
        references("CP-7K3F9Q", "CP-7K3F9Q", "CP-HJKMNP"),
      );
      expect(second.request.reference).toBe("CP-HJKMNP");
      const c = await saveCompleteSubmission(db, undefined, { ...record, email: "c@example.com" });
      await expect(
        saveQuoteRequest(db, c, request, "I agree.", UNKNOWN_WRITER, references("CP-7K3F9Q")),
      ).rejects.toMatchObject({ code: "23505" });
    });
  });

  it("sets a status, and refuses one the table does not know", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const id = await saveCompleteSubmission(db, undefined, record);
      const { request: saved } = await saveQuoteRequest(db, id, request, "I agree.");
      expect(saved.reference).toMatch(/^CP-[34679ACDEFGHJKMNPQRTWXY]{6}$/);
      expect(await setQuoteRequestStatus(db, saved.id, "contacted", OPERATOR_ID)).toBe(true);
      expect((await latestQuoteRequest(db, id))?.status).toBe("contacted");
      expect(
        await setQuoteRequestStatus(
          db,
          "00000000-0000-4000-8000-000000000000",
          "bound",
          OPERATOR_ID,
        ),
      ).toBe(false);
    });
  });

  it("emails the visitor a confirmation with a link back, within the per-recipient cap", async () => {
    await withDatabase(kind.open, async (database) => {
      const { db } = database;
      const { id, saved } = await requested(db, record);
      const draftId = "00000000-0000-4000-8000-000000000001";
      // The submission as the Quote step reads it: with the first name and the business's.
      const submission = (await getPlanSubmission(db, id))!;
      expect(submission).toMatchObject({
        firstName: "Rae",
        name: "Chapter One Books",
        language: "en",
      });
      for (let i = 0; i < 3; i += 1) {
        await sendQuoteConfirmation(
          createServices(env, database),
          submission,
          saved,
          i > 0,
          draftId,
        );
      }
      const queued = await db
        .selectFrom("outbox")
        .select(["recipients", "subject", "text_body", "html_body"])
        .execute();
      expect(queued).toHaveLength(2);
      expect(queued[0]).toMatchObject({
        recipients: [record.email],
        subject: "Your quote request CP-7K3F9Q",
      });
      expect(queued[1]!.subject).toBe("Your updated quote request CP-7K3F9Q");
      expect(queued[0]!.text_body).toContain("- Business Owner's Policy\n- Cyber Insurance");
      expect(queued[0]!.text_body).toContain("Preferred start date: Tuesday, December 1, 2026");
      expect(queued[0]!.text_body).toContain("Sample agency details");
      expect(queued[0]!.text_body).toMatch(/https:\/\/coverpilot\.example\/resume\/[\w-]{43}/);
      // Greeted by name, the business named, the note kept but not repeated; an HTML part beside.
      expect(queued[0]!.text_body).toMatch(/^Hello Rae,\n/);
      expect(queued[0]!.text_body).toContain("Business: Chapter One Books");
      expect(queued[0]!.text_body).toContain("Your note for the agent is kept with your request.");
      expect(queued[0]!.text_body).not.toContain(request.note);
      expect(queued[0]!.html_body).toContain("<li>Business Owner&#39;s Policy</li>");
      expect(queued[0]!.html_body).toMatch(/<a href="https:\/\/coverpilot\.example\/resume\//);
      const tokens = await db
        .selectFrom("resume_tokens")
        .select(["submission_id", "draft_id"])
        .execute();
      expect(tokens).toEqual([
        { submission_id: id, draft_id: draftId },
        { submission_id: id, draft_id: draftId },
      ]);
    });
  });

  it("writes the confirmation in the application's language, linking to its page in it", async () => {
    await withDatabase(kind.open, async (database) => {
      const { db } = database;
      const { id, saved } = await requested(db, { ...record, language: "es" });
      const submission = (await getPlanSubmission(db, id))!;
      expect(submission.language).toBe("es");
      await sendQuoteConfirmation(
        createServices(env, database),
        submission,
        saved,
        false,
        "00000000-0000-4000-8000-000000000001",
      );
      const [queued] = await db.selectFrom("outbox").select(["subject", "text_body"]).execute();
      expect(queued?.subject).toBe("Su pedido de cotización CP-7K3F9Q");
      expect(queued?.text_body).toMatch(/^Hola, Rae:\n/);
      expect(queued?.text_body).toContain(
        "Fecha de inicio preferida: martes, 1 de diciembre de 2026",
      );
      expect(queued?.text_body).toMatch(/https:\/\/coverpilot\.example\/es\/resume\/[\w-]{43}/);
    });
  });
});
