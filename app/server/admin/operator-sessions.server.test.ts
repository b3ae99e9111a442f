import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import {
  createOperatorSession,
  deleteOperatorSession,
  deleteOperatorSessions,
  findSessionOperator,
  OPERATOR_SESSION_SECONDS,
} from "#app/server/admin/operator-sessions.server.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";

describe.each(testDatabaseKinds)("operator sessions on $name", (kind) => {
  it("find their operator until they expire, and keep only the token's hash", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const operator = await createOperator(db, "ops@example.com", "a long enough password");
      const start = new Date("2026-05-01T08:00:00Z");
      const { token, expiresAt } = await createOperatorSession(db, operator.id, start);
      expect(expiresAt.getTime() - start.getTime()).toBe(OPERATOR_SESSION_SECONDS * 1000);

      const [row] = await db.selectFrom("operator_sessions").selectAll().execute();
      expect(row!.id).toBe(createHash("sha256").update(token).digest("hex"));
      expect(row!.id).not.toContain(token);

      const justBefore = new Date(expiresAt.getTime() - 1000);
      expect(await findSessionOperator(db, token, justBefore)).toEqual(operator);
      expect(await findSessionOperator(db, token, expiresAt)).toBeUndefined();
      // The hash itself, or anything else, opens nothing.
      expect(await findSessionOperator(db, row!.id, start)).toBeUndefined();
      expect(await findSessionOperator(db, "not a token", start)).toBeUndefined();
      // One character changed (the last one may be "A" already: its low bits are padding).
      const altered = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
      expect(await findSessionOperator(db, altered, start)).toBeUndefined();
    });
  });

  it("end one at a time (signing out) or all of an operator's at once", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ops = await createOperator(db, "ops@example.com", "a long enough password");
      const other = await createOperator(db, "other@example.com", "another long password");
      const now = new Date();
      const first = await createOperatorSession(db, ops.id, now);
      const second = await createOperatorSession(db, ops.id, now);
      const others = await createOperatorSession(db, other.id, now);
      expect(first.token).not.toBe(second.token);

      await deleteOperatorSession(db, first.token);
      expect(await findSessionOperator(db, first.token, now)).toBeUndefined();
      expect(await findSessionOperator(db, second.token, now)).toEqual(ops);

      await deleteOperatorSessions(db, ops.id);
      expect(await findSessionOperator(db, second.token, now)).toBeUndefined();
      expect(await findSessionOperator(db, others.token, now)).toEqual(other);
    });
  });

  it("are cleared out once expired, when the next one starts", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const operator = await createOperator(db, "ops@example.com", "a long enough password");
      await createOperatorSession(db, operator.id, new Date("2026-05-01T08:00:00Z"));
      await createOperatorSession(db, operator.id, new Date("2026-05-02T08:00:00Z"));
      const rows = await db.selectFrom("operator_sessions").select("expires_at").execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.expires_at.toISOString()).toBe("2026-05-02T20:00:00.000Z");
    });
  });

  it("go with their operator", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const operator = await createOperator(db, "ops@example.com", "a long enough password");
      const { token } = await createOperatorSession(db, operator.id);
      await db.deleteFrom("operators").where("id", "=", operator.id).execute();
      expect(await findSessionOperator(db, token)).toBeUndefined();
      expect(await db.selectFrom("operator_sessions").selectAll().execute()).toEqual([]);
    });
  });
});
