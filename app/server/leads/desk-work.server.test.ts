import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest as lead } from "#tests/support/lead-fixtures.ts";

import { createOperator, setOperatorDisabled } from "#app/server/admin/operators.server.ts";
import {
  addActivity,
  getLeadWork,
  getTimeline,
  listQueue,
  logTouch,
  setLeadOwner,
  setLeadStatus,
  setNextAction,
} from "#app/server/leads/desk-work.server.ts";

const names = (rows: { name: string | null }[]) => rows.map((row) => row.name);

describe.each(testDatabaseKinds)("the desk's work on leads on $name", (kind) => {
  it("keeps every touch on the lead's timeline, with who and when, newest first", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const ben = await createOperator(db, "ben@agency.example", "a long enough password");
      const { submissionId, request } = await lead(db, "Bakery", "2026-11-20T15:00:00Z");

      await addActivity(db, {
        submissionId,
        operatorId: ana.id,
        kind: "voicemail",
        body: "Left a voicemail about the ZIP code",
      });
      expect(await setLeadStatus(db, request, "contacted", ben.id)).toBe(true);
      // The same status again changes nothing and adds nothing.
      expect(await setLeadStatus(db, request, "contacted", ben.id)).toBe(true);
      expect(await setLeadOwner(db, submissionId, ana.id, ben.id)).toBe(true);
      await setNextAction(db, submissionId, { action: "Call back", due: "2026-11-26" }, ana.id);

      const timeline = await getTimeline(db, submissionId);
      expect(timeline.map((entry) => [entry.kind, entry.body, entry.by])).toEqual([
        ["next-action", "Call back (due 2026-11-26)", "ana@agency.example"],
        ["owner", "Assigned to ana@agency.example", "ben@agency.example"],
        ["status", "CP-BAKERY: New → Contacted", "ben@agency.example"],
        ["voicemail", "Left a voicemail about the ZIP code", "ana@agency.example"],
        ["request", "CP-BAKERY, 2 lines", null],
      ]);
      // The status is the request's, and its revision names the operator who set it.
      const stored = await db
        .selectFrom("quote_requests")
        .select("status")
        .where("id", "=", request.id)
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe("contacted");
      const revision = await db
        .selectFrom("quote_request_revisions")
        .select("operator_id")
        .where("quote_request_id", "=", request.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(revision.operator_id).toBe(ben.id);

      expect(await getLeadWork(db, submissionId)).toEqual({
        ownerId: ana.id,
        ownerEmail: "ana@agency.example",
        nextAction: "Call back",
        nextActionDue: "2026-11-26",
      });
    });
  });

  it("moves a New request on to Contacted when a call is logged, by the operator; assigning and a next action do not (issue 56)", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const { submissionId, request } = await lead(db, "Bakery", "2026-11-20T15:00:00Z");
      const status = async () =>
        (
          await db
            .selectFrom("quote_requests")
            .select("status")
            .where("id", "=", request.id)
            .executeTakeFirstOrThrow()
        ).status;
      await setLeadOwner(db, submissionId, ana.id, ana.id);
      await setNextAction(db, submissionId, { action: "Call", due: "2026-11-21" }, ana.id);
      await logTouch(db, { submissionId, operatorId: ana.id, kind: "note", body: "Bakes bread" });
      // Worked, but nobody has reached the visitor: still New, so the promised time still runs.
      expect(await status()).toBe("new");
      await logTouch(db, { submissionId, operatorId: ana.id, kind: "call", body: "Talked" });
      expect(await status()).toBe("contacted");
      const timeline = await getTimeline(db, submissionId);
      expect(timeline.slice(0, 2).map((entry) => [entry.kind, entry.body, entry.by])).toEqual([
        ["status", "CP-BAKERY: New → Contacted", "ana@agency.example"],
        ["call", "Talked", "ana@agency.example"],
      ]);
      // A second call changes no status, and a status past New stays where it is.
      await logTouch(db, { submissionId, operatorId: ana.id, kind: "voicemail", body: "" });
      await setLeadStatus(db, request, "quoted", ana.id);
      await logTouch(db, { submissionId, operatorId: ana.id, kind: "call", body: "" });
      expect(await status()).toBe("quoted");
      const changes = (await getTimeline(db, submissionId)).filter((e) => e.kind === "status");
      expect(changes.map((entry) => entry.body)).toEqual([
        "CP-BAKERY: Contacted → Quoted",
        "CP-BAKERY: New → Contacted",
      ]);
    });
  });

  it("gives a lead an owner only among the operators, and leaves it as it was otherwise", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const { submissionId } = await lead(db, "Bakery", "2026-11-20T15:00:00Z");
      expect(await setLeadOwner(db, submissionId, "not-an-id", ana.id)).toBe(false);
      expect(
        await setLeadOwner(db, submissionId, "00000000-0000-4000-8000-000000000000", ana.id),
      ).toBe(false);
      expect((await getLeadWork(db, submissionId)).ownerId).toBeNull();
      expect(await setLeadOwner(db, submissionId, ana.id, ana.id)).toBe(true);
      expect(await setLeadOwner(db, submissionId, null, ana.id)).toBe(true);
      expect((await getLeadWork(db, submissionId)).ownerId).toBeNull();
      const bodies = (await getTimeline(db, submissionId)).map((entry) => entry.body);
      expect(bodies.slice(0, 2)).toEqual(["Unassigned", "Assigned to ana@agency.example"]);

      // A disabled operator keeps the leads they own, and is given no new one.
      const ben = await createOperator(db, "ben@agency.example", "a long enough password");
      expect(await setLeadOwner(db, submissionId, ben.id, ana.id)).toBe(true);
      expect((await setOperatorDisabled(db, ben.id, true, ana.id)).outcome).toBe("done");
      expect(await setLeadOwner(db, submissionId, ben.id, ana.id)).toBe(true);
      expect((await getLeadWork(db, submissionId)).ownerEmail).toBe("ben@agency.example");
      const { submissionId: other } = await lead(db, "Bistro", "2026-11-21T15:00:00Z");
      expect(await setLeadOwner(db, other, ben.id, ana.id)).toBe(false);
      expect((await getLeadWork(db, other)).ownerId).toBeNull();
    });
  });

  it("sorts the queue's views: new requests and unassigned ones oldest first, mine, due today, overdue", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const ben = await createOperator(db, "ben@agency.example", "a long enough password");
      // Newest shares Oldest's phone: both flagged as possibly the same business.
      const newest = await lead(db, "Newest", "2026-11-25T15:00:00Z", "new", "+15552345678");
      const oldest = await lead(db, "Oldest", "2026-11-18T15:00:00Z", "new", "+15552345678");
      const worked = await lead(db, "Worked", "2026-11-19T15:00:00Z", "contacted");
      const closed = await lead(db, "Closed", "2026-11-17T15:00:00Z", "bound");
      await setLeadOwner(db, worked.submissionId, ana.id, ana.id);
      await setLeadOwner(db, closed.submissionId, ana.id, ana.id);
      await setLeadOwner(db, newest.submissionId, ben.id, ben.id);
      await setNextAction(db, worked.submissionId, { action: "Quote", due: "2026-11-26" }, ana.id);
      await setNextAction(db, closed.submissionId, { action: "Thank", due: "2026-11-24" }, ana.id);
      await setNextAction(db, oldest.submissionId, { action: "Call", due: "2026-11-20" }, ben.id);
      await addActivity(db, {
        submissionId: oldest.submissionId,
        operatorId: ben.id,
        kind: "call",
        body: "",
      });
      // Nobody has worked these: no owner, no next action, still New. Each is stored after a
      // request that came in later, so a view that lost its order would show them the other way.
      await lead(db, "Later", "2026-11-22T15:00:00Z", "new");
      await lead(db, "Fresh", "2026-11-17T16:00:00Z", "new");
      const options = { operatorId: ana.id, today: "2026-11-26", limit: 50 };

      // Newest has an owner and Oldest a next action: worked, so no longer new requests.
      expect(names(await listQueue(db, "new-requests", options))).toEqual(["Fresh", "Later"]);
      const needs = await listQueue(db, "unassigned", options);
      expect(names(needs)).toEqual(["Fresh", "Oldest", "Later"]);
      expect(needs[1]).toMatchObject({
        contact: "Ana Oldest",
        phone: "+15552345678",
        ownerEmail: null,
        nextAction: "Call",
        nextActionDue: "2026-11-20",
        request: {
          reference: "CP-OLDEST",
          status: "new",
          lines: ["general-liability", "workers-comp"],
          contactChannel: "phone",
        },
      });
      expect(needs[1]!.reachedAt).toBeInstanceOf(Date);
      expect(needs.map((row) => row.possibleDuplicate)).toEqual([false, true, false]);
      expect((await listQueue(db, "due-today", options))[0]!.possibleDuplicate).toBe(false);
      expect(names(await listQueue(db, "mine", options))).toEqual(["Closed", "Worked"]);
      const bens = await listQueue(db, "mine", { ...options, operatorId: ben.id });
      expect(names(bens)).toEqual(["Newest"]);
      expect(bens[0]).toMatchObject({ ownerEmail: "ben@agency.example", reachedAt: null });
      expect(bens[0]!.possibleDuplicate).toBe(true);
      expect(names(await listQueue(db, "due-today", options))).toEqual(["Worked"]);
      expect(names(await listQueue(db, "overdue", options))).toEqual(["Oldest", "Closed"]);
      // A page picks the oldest requests before it reads them in full.
      expect(names(await listQueue(db, "unassigned", { ...options, limit: 1 }))).toEqual(["Fresh"]);
      expect(names(await listQueue(db, "new-requests", { ...options, limit: 1 }))).toEqual([
        "Fresh",
      ]);
    });
  });

  it("refuses a timeline entry of a kind it does not know, or longer than the limit", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const { submissionId } = await lead(db, "Bakery", "2026-11-20T15:00:00Z");
      await expect(
        sql`insert into lead_activities (submission_id, operator_id, kind, body)
            values (${submissionId}, ${ana.id}, 'gossip', '')`.execute(db),
      ).rejects.toThrow();
      await expect(
        addActivity(db, { submissionId, operatorId: ana.id, kind: "note", body: "x".repeat(4001) }),
      ).rejects.toThrow();
      expect(await getTimeline(db, submissionId)).toHaveLength(1);
    });
  });
});
