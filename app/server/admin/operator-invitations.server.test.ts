import { describe, expect, it } from "vitest";

import { INVITATION_HOURS, OPERATOR_EVENT_KINDS } from "#app/domain/leads/desk-operators.ts";
import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import type { Db } from "#app/server/db/database.server.ts";
import {
  acceptInvitation,
  findInvitation,
  inviteOperator,
  listInvitations,
  withdrawInvitation,
} from "#app/server/admin/operator-invitations.server.ts";
import {
  createOperatorSession,
  findSessionOperator,
} from "#app/server/admin/operator-sessions.server.ts";
import {
  createOperator,
  getOperatorEvent,
  listOperatorAccounts,
  listOperatorEvents,
  setOperatorDisabled,
  signIn,
  type Operator,
} from "#app/server/admin/operators.server.ts";
import { listOperators } from "#app/server/leads/desk-work.server.ts";

const SITE = "https://desk.example";
const PASSWORD = "a long enough password";

function invite(db: Db, email: string, by: Operator, perHour = 10) {
  return inviteOperator(db, {
    email,
    role: "agent",
    invitedBy: by,
    siteUrl: SITE,
    agency: { ...SAMPLE_AGENCY, sample: true },
    perHour,
  });
}

/** The token of the last invitation emailed, read from its link as the invited person would. */
async function linkToken(db: Db): Promise<string> {
  const emails = await db.selectFrom("outbox").select("text_body").orderBy("id").execute();
  const body = emails.at(-1)?.text_body ?? "";
  const token = new RegExp(`${SITE}/admin/join/([A-Za-z0-9_-]{43})`).exec(body)?.[1];
  if (!token) throw new Error(`no invitation link in:\n${body}`);
  return token;
}

const signInFrom = (db: Db, email: string) =>
  signIn(db, { email, password: PASSWORD, clientAddress: "198.51.100.7" });

describe.each(testDatabaseKinds)("operators invited and disabled on $name", (kind) => {
  it("an invitation emails a link that makes one operator once, and is kept with who sent it", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", PASSWORD);
      const sent = await invite(db, " New.Person@Agency.example ", ana);
      expect(sent.outcome).toBe("invited");

      const [email] = await db.selectFrom("outbox").selectAll().execute();
      expect(email!.recipients).toEqual(["new.person@agency.example"]);
      expect(email!.text_body).toContain("ana@agency.example invites you");
      expect(email!.text_body).toContain(`for ${INVITATION_HOURS} hours`);
      const token = await linkToken(db);
      // Only the token's hash is kept.
      const stored = await db.selectFrom("operator_invitations").selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(await listInvitations(db)).toMatchObject([
        { email: "new.person@agency.example", invitedBy: "ana@agency.example" },
      ]);

      expect(await findInvitation(db, token)).toEqual({ email: "new.person@agency.example" });
      expect(await findInvitation(db, "x".repeat(43))).toBeUndefined();
      const joined = await acceptInvitation(db, token, PASSWORD);
      expect(joined?.email).toBe("new.person@agency.example");
      expect((await signInFrom(db, "new.person@agency.example")).outcome).toBe("signed-in");
      // The link worked once.
      expect(await findInvitation(db, token)).toBeUndefined();
      expect(await acceptInvitation(db, token, "another long password")).toBeUndefined();
      expect(await listInvitations(db)).toEqual([]);

      const events = await listOperatorEvents(db);
      expect(events.map(({ email, kind, by }) => ({ email, kind, by }))).toEqual([
        { email: "new.person@agency.example", kind: "joined", by: "new.person@agency.example" },
        { email: "new.person@agency.example", kind: "invited", by: "ana@agency.example" },
        { email: "ana@agency.example", kind: "created", by: null },
      ]);
      if (sent.outcome === "invited") {
        expect((await getOperatorEvent(db, sent.eventId))?.kind).toBe("invited");
      }
      expect(await getOperatorEvent(db, "1; drop table operators")).toBeUndefined();
    });
  });

  it("refuses an address an operator has, holds back past the inbox's cap, and replaces a waiting invitation", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", PASSWORD);
      expect(await invite(db, "ANA@agency.example", ana)).toEqual({
        outcome: "already-operator",
      });
      expect(await invite(db, "bo@agency.example", ana, 2)).toMatchObject({ outcome: "invited" });
      const first = await linkToken(db);
      expect(await invite(db, "bo@agency.example", ana, 2)).toMatchObject({ outcome: "invited" });
      const second = await linkToken(db);
      expect(await invite(db, "bo@agency.example", ana, 2)).toEqual({ outcome: "inbox-full" });
      expect(await db.selectFrom("outbox").select("id").execute()).toHaveLength(2);
      // The second replaced the first: one invitation waits, and only its link works.
      expect(await listInvitations(db)).toHaveLength(1);
      expect(await findInvitation(db, first)).toBeUndefined();
      expect(await findInvitation(db, second)).toEqual({ email: "bo@agency.example" });

      const [waiting] = await listInvitations(db);
      const eventId = await withdrawInvitation(db, waiting!.id, ana.id);
      expect((await getOperatorEvent(db, eventId ?? ""))?.kind).toBe("invitation-withdrawn");
      expect(await findInvitation(db, second)).toBeUndefined();
      expect(await withdrawInvitation(db, waiting!.id, ana.id)).toBeUndefined();
      expect(await withdrawInvitation(db, "not-a-uuid", ana.id)).toBeUndefined();
    });
  });

  it("an expired link, or one for an address made an operator since, makes nobody", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", PASSWORD);
      await invite(db, "late@agency.example", ana);
      const late = await linkToken(db);
      const afterExpiry = new Date(Date.now() + (INVITATION_HOURS * 60 + 1) * 60_000);
      expect(await findInvitation(db, late, afterExpiry)).toBeUndefined();
      await db
        .updateTable("operator_invitations")
        .set({ expires_at: new Date(0) })
        .execute();
      expect(await acceptInvitation(db, late, PASSWORD)).toBeUndefined();

      await invite(db, "twice@agency.example", ana);
      const twice = await linkToken(db);
      await createOperator(db, "twice@agency.example", "made on the command line");
      expect(await findInvitation(db, twice)).toBeUndefined();
      expect(await acceptInvitation(db, twice, PASSWORD)).toBeUndefined();
      expect((await signInFrom(db, "twice@agency.example")).outcome).toBe("invalid");
    });
  });

  it("a disabled operator is signed out, cannot sign in or be assigned, and is kept with their history", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", PASSWORD);
      const bo = await createOperator(db, "bo@agency.example", PASSWORD);
      const { token } = await createOperatorSession(db, bo.id);
      expect(await findSessionOperator(db, token)).toEqual(bo);

      expect(await setOperatorDisabled(db, ana.id, true, ana.id)).toEqual({ outcome: "yourself" });
      expect(await setOperatorDisabled(db, "not-a-uuid", true, ana.id)).toEqual({
        outcome: "not-found",
      });
      const disabled = await setOperatorDisabled(db, bo.id, true, ana.id);
      expect(disabled.outcome).toBe("done");
      expect(await setOperatorDisabled(db, bo.id, true, ana.id)).toEqual({ outcome: "unchanged" });
      expect(await findSessionOperator(db, token)).toBeUndefined();
      expect(await db.selectFrom("operator_sessions").selectAll().execute()).toEqual([]);
      expect((await signInFrom(db, "bo@agency.example")).outcome).toBe("invalid");
      expect(await listOperators(db)).toEqual([{ id: ana.id, email: ana.email }]);
      const accounts = await listOperatorAccounts(db);
      expect(accounts.map((account) => [account.email, account.disabledAt !== null])).toEqual([
        ["ana@agency.example", false],
        ["bo@agency.example", true],
      ]);

      expect((await setOperatorDisabled(db, bo.id, false, ana.id)).outcome).toBe("done");
      expect((await signInFrom(db, "bo@agency.example")).outcome).toBe("signed-in");
      const events = await listOperatorEvents(db, 2);
      expect(events.map((event) => [OPERATOR_EVENT_KINDS[event.kind], event.by])).toEqual([
        ["Enabled again", "ana@agency.example"],
        ["Disabled", "ana@agency.example"],
      ]);
    });
  });

  it("disabling an operator withdraws the invitations they sent; a link from a disabled operator is refused", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", PASSWORD);
      const bo = await createOperator(db, "bo@agency.example", PASSWORD);
      expect((await invite(db, "friend@agency.example", bo)).outcome).toBe("invited");
      const fromBo = await linkToken(db);
      expect((await invite(db, "colleague@agency.example", ana)).outcome).toBe("invited");
      const fromAna = await linkToken(db);

      expect((await setOperatorDisabled(db, bo.id, true, ana.id)).outcome).toBe("done");
      expect(await findInvitation(db, fromBo)).toBeUndefined();
      expect(await acceptInvitation(db, fromBo, PASSWORD)).toBeUndefined();
      expect((await signInFrom(db, "friend@agency.example")).outcome).toBe("invalid");
      // Ana's own invitation still works; the withdrawal is kept, with who did it.
      expect((await listInvitations(db)).map((invitation) => invitation.email)).toEqual([
        "colleague@agency.example",
      ]);
      const events = await listOperatorEvents(db, 2);
      expect(events.map((event) => [event.email, event.kind, event.by])).toEqual([
        ["bo@agency.example", "disabled", "ana@agency.example"],
        ["friend@agency.example", "invitation-withdrawn", "ana@agency.example"],
      ]);
      expect(await findInvitation(db, fromAna)).toEqual({ email: "colleague@agency.example" });

      // An invitation whose sender is disabled by any other way is refused when used.
      await db
        .updateTable("operators")
        .set({ disabled_at: new Date() })
        .where("id", "=", ana.id)
        .execute();
      expect(await findInvitation(db, fromAna)).toBeUndefined();
      expect(await acceptInvitation(db, fromAna, PASSWORD)).toBeUndefined();
      expect((await signInFrom(db, "colleague@agency.example")).outcome).toBe("invalid");
    });
  });

  it("two operators disabling each other at the same moment leave one who can sign in", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      // Two owners, so that each may disable the other: an agent who tries on the owner is refused
      // for that, not for the race this is about.
      const ana = await createOperator(db, "ana@agency.example", PASSWORD);
      const bo = await createOperator(db, "bo@agency.example", PASSWORD, "owner");
      for (let round = 0; round < 3; round += 1) {
        const outcomes = await Promise.all([
          setOperatorDisabled(db, bo.id, true, ana.id),
          setOperatorDisabled(db, ana.id, true, bo.id),
        ]);
        expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["done", "not-enabled"]);
        const enabled = (await listOperatorAccounts(db)).filter((account) => !account.disabledAt);
        expect(enabled).toHaveLength(1);
        const [still] = enabled;
        expect((await signInFrom(db, still?.email ?? "")).outcome).toBe("signed-in");
        // The one left enables the other again, for the next round.
        const other = still?.id === ana.id ? bo : ana;
        expect((await setOperatorDisabled(db, other.id, false, still?.id ?? "")).outcome).toBe(
          "done",
        );
      }
      // A disabled operator changes nobody.
      expect((await setOperatorDisabled(db, bo.id, true, ana.id)).outcome).toBe("done");
      expect(await setOperatorDisabled(db, ana.id, false, bo.id)).toEqual({
        outcome: "not-enabled",
      });
    });
  });
});
