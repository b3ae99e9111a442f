import { describe, expect, it } from "vitest";

import { SIGN_IN_POLICY } from "#app/domain/leads/lead-desk.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import type { Db } from "#app/server/db/database.server.ts";
import {
  createOperatorSession,
  findSessionOperator,
} from "#app/server/admin/operator-sessions.server.ts";
import {
  createOperator,
  failureKey,
  findOperatorByEmail,
  operatorCommand,
  OperatorExistsError,
  listOperatorEvents,
  resetOperatorPassword,
  setOperatorDisabled,
  signIn,
} from "#app/server/admin/operators.server.ts";

const PASSWORD = "correct horse battery staple";
const at = (iso: string) => new Date(iso);
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/** The agency's own client address, and a stranger's. */
const AGENCY = "198.51.100.7";
const STRANGER = "203.0.113.66";

/** A sign-in attempt, from the agency's address unless another is given. */
const attempt = (email: string, password: string, clientAddress = AGENCY) => ({
  email,
  password,
  clientAddress,
});

/** Fails `times` sign-ins for `email`, a minute apart from `start`; returns the last outcome. */
async function fail(db: Db, email: string, times: number, start: Date, from = AGENCY) {
  let last;
  for (let count = 0; count < times; count++) {
    last = await signIn(db, attempt(email, "wrong password", from), minutesAfter(start, count));
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

  it("are made and reset by the running server's command, which checks its body again", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const command = operatorCommand(db);
      const password = "a long enough password";
      expect(await command({ email: "First@Agency.example", password, reset: false })).toEqual({
        status: 201,
        // The install's first operator is its owner (decision 063).
        body: { email: "first@agency.example", role: "owner" },
      });
      expect(
        (await command({ email: "first@agency.example", password, reset: false })).status,
      ).toBe(409);
      expect((await command({ email: "none@agency.example", password, reset: true })).status).toBe(
        422,
      );
      expect(
        await command({ email: "first@agency.example", password: "short", reset: true }),
      ).toEqual({
        status: 400,
        body: { error: "The password must have at least 12 characters." },
      });
      for (const wrong of [
        null,
        [],
        "text",
        { email: "x", password, reset: false },
        { email: "a@b.example", password },
      ]) {
        expect((await command(wrong)).status, JSON.stringify(wrong)).toBe(400);
      }
      expect(
        (
          await command({
            email: "first@agency.example",
            password: "new long passphrase",
            reset: true,
          })
        ).status,
      ).toBe(200);
      const attempt = { email: "first@agency.example", password: "new long passphrase" };
      expect((await signIn(db, { ...attempt, clientAddress: "10.0.0.1" })).outcome).toBe(
        "signed-in",
      );
    });
  });

  it("sign in with the right password, any case of email, and not with a wrong one", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const operator = await createOperator(db, "ops@example.com", PASSWORD);
      expect(await signIn(db, attempt("OPS@example.com ", PASSWORD))).toEqual({
        outcome: "signed-in",
        operator,
      });
      expect(await signIn(db, attempt("ops@example.com", `${PASSWORD}!`))).toEqual({
        outcome: "invalid",
      });
      expect(await signIn(db, attempt("nobody@example.com", PASSWORD))).toEqual({
        outcome: "invalid",
      });
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
      const lockedUntil = minutesAfter(fifth, SIGN_IN_POLICY.lockMinutes);
      expect(await signIn(db, attempt("ops@example.com", "wrong password"), fifth)).toEqual({
        outcome: "locked",
        lockedUntil,
        retryAfterSeconds: SIGN_IN_POLICY.lockMinutes * 60,
      });
      // While locked, even the right password is refused, without being checked.
      const during = minutesAfter(fifth, SIGN_IN_POLICY.lockMinutes - 1);
      expect(await signIn(db, attempt("OPS@example.com", PASSWORD), during)).toEqual({
        outcome: "locked",
        lockedUntil,
        retryAfterSeconds: 60,
      });
      // Once the lock has run out, the right password works, and the count starts again.
      const after = minutesAfter(fifth, SIGN_IN_POLICY.lockMinutes);
      expect((await signIn(db, attempt("ops@example.com", PASSWORD), after)).outcome).toBe(
        "signed-in",
      );
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
      expect(
        (await signIn(db, attempt("ops@example.com", PASSWORD), minutesAfter(start, 5))).outcome,
      ).toBe("signed-in");
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
        for (let count = 0; count <= SIGN_IN_POLICY.maxFailures; count++) {
          seen.push(await signIn(db, attempt(email, "wrong password"), minutesAfter(start, count)));
        }
        return seen;
      };
      expect(await outcomes("nobody@example.com")).toEqual(await outcomes("ops@example.com"));
      // Only hashes of the emails are kept.
      const keys = await db.selectFrom("operator_sign_in_failures").select("key").execute();
      expect(keys.map((row) => row.key).sort()).toEqual(
        [failureKey("nobody@example.com", AGENCY), failureKey("ops@example.com", AGENCY)].sort(),
      );
      expect(JSON.stringify(keys)).not.toContain("example.com");
    });
  });

  it("lock an email for the address the failures came from, not for the agency's own nor another email", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await createOperator(db, "ops@example.com", PASSWORD);
      const start = at("2026-05-01T09:00:00Z");
      await fail(db, "attacker-target@example.com", SIGN_IN_POLICY.maxFailures, start);
      expect(
        (await signIn(db, attempt("ops@example.com", PASSWORD), minutesAfter(start, 6))).outcome,
      ).toBe("signed-in");

      const locked = await fail(db, "ops@example.com", SIGN_IN_POLICY.maxFailures, start, STRANGER);
      expect(locked?.outcome).toBe("locked");
      const later = minutesAfter(start, SIGN_IN_POLICY.maxFailures);
      // The stranger stays locked out, even with the right password...
      expect(
        (await signIn(db, attempt("ops@example.com", PASSWORD, STRANGER), later)).outcome,
      ).toBe("locked");
      // ...while the agency, from its own address, signs in, and its failures count apart.
      expect(await fail(db, "ops@example.com", SIGN_IN_POLICY.maxFailures - 1, later)).toEqual({
        outcome: "invalid",
      });
      expect((await signIn(db, attempt("OPS@example.com", PASSWORD), later)).outcome).toBe(
        "signed-in",
      );
      // Only hashes: of the email, then of the address.
      const keys = await db
        .selectFrom("operator_sign_in_failures")
        .select("key")
        .where("key", "=", failureKey("ops@example.com", STRANGER))
        .execute();
      expect(keys).toHaveLength(1);
      expect(keys[0]!.key).toMatch(/^[0-9a-f]{64}:[0-9a-f]{64}$/);
      expect(keys[0]!.key.slice(0, 65)).toBe(failureKey("ops@example.com", AGENCY).slice(0, 65));
      expect(
        await db
          .selectFrom("operator_sign_in_failures")
          .select("key")
          .where("key", "=", failureKey("ops@example.com", AGENCY))
          .execute(),
      ).toEqual([]);
    });
  });

  it("a password reset sets the new password, lifts the lockout and ends every session", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const operator = await createOperator(db, "ops@example.com", PASSWORD);
      const { token } = await createOperatorSession(db, operator.id);
      const now = new Date();
      await fail(db, "ops@example.com", SIGN_IN_POLICY.maxFailures, now);
      await fail(db, "ops@example.com", SIGN_IN_POLICY.maxFailures, now, STRANGER);
      await fail(db, "other@example.com", SIGN_IN_POLICY.maxFailures, now);
      expect(await resetOperatorPassword(db, "OPS@example.com", "a brand new passphrase")).toEqual({
        ...operator,
        disabled: false,
      });
      expect(await findSessionOperator(db, token)).toBeUndefined();
      // The email's lockouts are lifted from every address; another email's stays.
      const keys = await db.selectFrom("operator_sign_in_failures").select("key").execute();
      expect(keys).toEqual([{ key: failureKey("other@example.com", AGENCY) }]);
      expect((await signIn(db, attempt("ops@example.com", PASSWORD))).outcome).toBe("invalid");
      expect((await signIn(db, attempt("ops@example.com", "a brand new passphrase"))).outcome).toBe(
        "signed-in",
      );
      expect(
        await resetOperatorPassword(db, "nobody@example.com", "whatever 12345"),
      ).toBeUndefined();
    });
  });

  it("a reset of a disabled account says it stays disabled; the command's enable lets it sign in", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@example.com", PASSWORD);
      const bo = await createOperator(db, "bo@example.com", PASSWORD);
      expect((await setOperatorDisabled(db, bo.id, true, ana.id)).outcome).toBe("done");
      const command = operatorCommand(db);
      const password = "a brand new passphrase";
      expect(await command({ email: "bo@example.com", password, reset: true })).toEqual({
        status: 200,
        body: { email: "bo@example.com", disabled: true },
      });
      expect((await signIn(db, attempt("bo@example.com", password))).outcome).toBe("invalid");
      // --enable alone needs no password, and keeps the one the operator has.
      expect(await command({ email: "BO@example.com", reset: false, enable: true })).toEqual({
        status: 200,
        body: { email: "bo@example.com", disabled: false, enabled: "enabled" },
      });
      expect((await signIn(db, attempt("bo@example.com", password))).outcome).toBe("signed-in");
      expect(await command({ email: "bo@example.com", reset: false, enable: true })).toEqual({
        status: 200,
        body: { email: "bo@example.com", disabled: false, enabled: "already-enabled" },
      });
      expect(
        (await command({ email: "none@example.com", reset: false, enable: true })).status,
      ).toBe(422);
      // A reset or a new account still needs a password.
      expect((await command({ email: "bo@example.com", reset: true, enable: true })).status).toBe(
        400,
      );
      expect((await command({ email: "cy@example.com", reset: false })).status).toBe(400);
      // --reset-password --enable does both.
      expect((await setOperatorDisabled(db, bo.id, true, ana.id)).outcome).toBe("done");
      expect(
        await resetOperatorPassword(db, "bo@example.com", "yet another passphrase", {
          enable: true,
        }),
      ).toEqual({ ...bo, disabled: false });
      expect((await signIn(db, attempt("bo@example.com", "yet another passphrase"))).outcome).toBe(
        "signed-in",
      );
      const events = await listOperatorEvents(db, 3);
      expect(events.map((event) => [event.kind, event.by])).toEqual([
        ["enabled", null],
        ["password-reset", null],
        ["disabled", "ana@example.com"],
      ]);
    });
  });
});
