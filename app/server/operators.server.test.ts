import { describe, expect, it } from "vitest";

import { SIGN_IN_POLICY } from "#app/domain/lead-desk.ts";
import { testDatabaseKinds } from "#tests/support/databases.ts";

import type { Database, Db } from "./database.server.ts";
import { createOperatorSession, findSessionOperator } from "./operator-sessions.server.ts";
import {
  createOperator,
  failureKey,
  findOperatorByEmail,
  OperatorExistsError,
  resetOperatorPassword,
  signIn,
} from "./operators.server.ts";

async function withDatabase(
  open: () => Promise<Database>,
  run: (database: Database) => Promise<void>,
) {
  const database = await open();
  try {
    await run(database);
  } finally {
    await database.close();
  }
}

const PASSWORD = "correct horse battery staple";
const at = (iso: string) => new Date(iso);
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/** Fails `times` sign-ins for `email`, a minute apart from `start`; returns the last outcome. */
async function fail(db: Db, email: string, times: number, start: Date) {
  let last;
  for (let attempt = 0; attempt < times; attempt++) {
    last = await signIn(db, email, "wrong password", minutesAfter(start, attempt));
  }
  return last;
}

describe.each(testDatabaseKinds)("operators on $name", (kind) => {
  it("are made once per email, whatever its case, without keeping the password", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const operator = await createOperator(db, " Ops@Example.com ", PASSWORD);
      expect(operator.email).toBe("ops@example.com");
      expect(await findOperatorByEmail(db, "OPS@example.COM")).toEqual(operator);
      await expect(createOperator(db, "ops@EXAMPLE.com", "another password 123")).rejects.toThrow(
        OperatorExistsError,
      );
      const [row] = await db.selectFrom("operators").selectAll().execute();
      expect(row!.password_hash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(row)).not.toContain("horse");
    });
  });

  it("sign in with the right password, any case of email, and not with a wrong one", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const operator = await createOperator(db, "ops@example.com", PASSWORD);
      expect(await signIn(db, "OPS@example.com ", PASSWORD)).toEqual({
        outcome: "signed-in",
        operator,
      });
      expect(await signIn(db, "ops@example.com", `${PASSWORD}!`)).toEqual({ outcome: "invalid" });
      expect(await signIn(db, "nobody@example.com", PASSWORD)).toEqual({ outcome: "invalid" });
    });
  });

  it(`are locked out for ${SIGN_IN_POLICY.lockMinutes} minutes by ${SIGN_IN_POLICY.maxFailures} failures within ${SIGN_IN_POLICY.windowMinutes}`, async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await createOperator(db, "ops@example.com", PASSWORD);
      const start = at("2026-05-01T09:00:00Z");
      expect(await fail(db, "ops@example.com", SIGN_IN_POLICY.maxFailures - 1, start)).toEqual({
        outcome: "invalid",
      });
      // The failure that reaches the limit locks, and says so at once.
      const fifth = minutesAfter(start, SIGN_IN_POLICY.maxFailures - 1);
      expect(await signIn(db, "ops@example.com", "wrong password", fifth)).toEqual({
        outcome: "locked",
        retryAfterSeconds: SIGN_IN_POLICY.lockMinutes * 60,
      });
      // While locked, even the right password is refused, without being checked.
      const during = minutesAfter(fifth, SIGN_IN_POLICY.lockMinutes - 1);
      expect(await signIn(db, "OPS@example.com", PASSWORD, during)).toEqual({
        outcome: "locked",
        retryAfterSeconds: 60,
      });
      // Once the lock has run out, the right password works, and the count starts again.
      const after = minutesAfter(fifth, SIGN_IN_POLICY.lockMinutes);
      expect((await signIn(db, "ops@example.com", PASSWORD, after)).outcome).toBe("signed-in");
      expect(await db.selectFrom("operator_sign_in_failures").selectAll().execute()).toEqual([]);
    });
  });

  it("count again from 1 once the earlier failures are older than the window", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await createOperator(db, "ops@example.com", PASSWORD);
      const start = at("2026-05-01T09:00:00Z");
      await fail(db, "ops@example.com", SIGN_IN_POLICY.maxFailures - 1, start);
      const later = minutesAfter(start, SIGN_IN_POLICY.windowMinutes + 1);
      expect(await fail(db, "ops@example.com", SIGN_IN_POLICY.maxFailures - 1, later)).toEqual({
        outcome: "invalid",
      });
      const row = await db.selectFrom("operator_sign_in_failures").selectAll().executeTakeFirst();
      expect(row?.failures).toBe(SIGN_IN_POLICY.maxFailures - 1);
      expect(row?.locked_until).toBeNull();
    });
  });

  it("a success clears the count, so failures on either side of it do not add up", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await createOperator(db, "ops@example.com", PASSWORD);
      const start = at("2026-05-01T09:00:00Z");
      await fail(db, "ops@example.com", SIGN_IN_POLICY.maxFailures - 1, start);
      expect((await signIn(db, "ops@example.com", PASSWORD, minutesAfter(start, 5))).outcome).toBe(
        "signed-in",
      );
      expect(
        await fail(db, "ops@example.com", SIGN_IN_POLICY.maxFailures - 1, minutesAfter(start, 6)),
      ).toEqual({ outcome: "invalid" });
    });
  });

  it("lock an email nobody has exactly as one an operator has, so accounts cannot be told apart", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await createOperator(db, "ops@example.com", PASSWORD);
      const start = at("2026-05-01T09:00:00Z");
      const outcomes = async (email: string) => {
        const seen = [];
        for (let attempt = 0; attempt <= SIGN_IN_POLICY.maxFailures; attempt++) {
          seen.push(await signIn(db, email, "wrong password", minutesAfter(start, attempt)));
        }
        return seen;
      };
      expect(await outcomes("nobody@example.com")).toEqual(await outcomes("ops@example.com"));
      // Only hashes of the emails are kept.
      const keys = await db.selectFrom("operator_sign_in_failures").select("key").execute();
      expect(keys.map((row) => row.key).sort()).toEqual(
        [failureKey("nobody@example.com"), failureKey("ops@example.com")].sort(),
      );
      expect(JSON.stringify(keys)).not.toContain("example.com");
    });
  });

  it("locks one email without touching another", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await createOperator(db, "ops@example.com", PASSWORD);
      const start = at("2026-05-01T09:00:00Z");
      await fail(db, "attacker-target@example.com", SIGN_IN_POLICY.maxFailures, start);
      expect((await signIn(db, "ops@example.com", PASSWORD, minutesAfter(start, 6))).outcome).toBe(
        "signed-in",
      );
    });
  });

  it("a password reset sets the new password, lifts the lockout and ends every session", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const operator = await createOperator(db, "ops@example.com", PASSWORD);
      const { token } = await createOperatorSession(db, operator.id);
      const now = new Date();
      await fail(db, "ops@example.com", SIGN_IN_POLICY.maxFailures, now);
      expect(await resetOperatorPassword(db, "OPS@example.com", "a brand new passphrase")).toEqual(
        operator,
      );
      expect(await findSessionOperator(db, token)).toBeUndefined();
      expect((await signIn(db, "ops@example.com", PASSWORD)).outcome).toBe("invalid");
      expect((await signIn(db, "ops@example.com", "a brand new passphrase")).outcome).toBe(
        "signed-in",
      );
      expect(
        await resetOperatorPassword(db, "nobody@example.com", "whatever 12345"),
      ).toBeUndefined();
    });
  });
});
