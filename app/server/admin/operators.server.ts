import { createHash } from "node:crypto";

import { sql } from "kysely";

import {
  isOperatorEventKind,
  operatorRoleOf,
  type OperatorEventKind,
  type OperatorRole,
} from "#app/domain/leads/desk-operators.ts";
import { operatorCommandSchema, SIGN_IN_POLICY } from "#app/domain/leads/lead-desk.ts";
import { isUuid } from "#app/domain/values/ids.ts";
import { z } from "#app/domain/values/zod.ts";

import type { CommandAnswer } from "#app/server/db/backup.server.ts";
import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { deleteOperatorSessions } from "#app/server/admin/operator-sessions.server.ts";
import {
  hashPassword,
  needsRehash,
  verifyDecoyPassword,
  verifyPassword,
} from "#app/server/admin/passwords.server.ts";

/** An operator of the lead desk, as the app sees one (never with the password hash). */
export interface Operator {
  id: string;
  email: string;
  /** What they may do (decision 063). */
  role: OperatorRole;
}

/** Thrown by createOperator when an operator already has the email. */
export class OperatorExistsError extends Error {
  override name = "OperatorExistsError";
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The operator with this email (any case), or undefined. */
export async function findOperatorByEmail(db: Db, email: string): Promise<Operator | undefined> {
  const row = await db
    .selectFrom("operators")
    .select(["id", "email", "role"])
    .where(sql<string>`lower(email)`, "=", normalizeEmail(email))
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, role: operatorRoleOf(row.role) };
}

/**
 * Makes an operator account; the password is stored as an scrypt hash only. The role is the one
 * given, or without one, the owner for the install's first operator and an agent after that
 * (decision 063).
 */
export async function createOperator(
  db: Db,
  email: string,
  password: string,
  role?: OperatorRole,
): Promise<Operator> {
  const passwordHash = await hashPassword(password);
  const row = await inTransaction(db, async (trx) => {
    const first = sql<string>`CASE WHEN EXISTS (SELECT 1 FROM operators) THEN 'agent' ELSE 'owner' END`;
    const made = await trx
      .insertInto("operators")
      .values({
        email: normalizeEmail(email),
        password_hash: passwordHash,
        role: role ?? first,
      })
      .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
      .returning(["id", "email", "role"])
      .executeTakeFirst();
    if (made) await recordOperatorEvent(trx, made.email, "created", null);
    return made;
  });
  if (!row) throw new OperatorExistsError("An operator with this email address already exists.");
  return { id: row.id, email: row.email, role: operatorRoleOf(row.role) };
}

/** Keeps what happened to an operator's account, and who did it (null: the command line). */
export async function recordOperatorEvent(
  db: Db,
  email: string,
  kind: OperatorEventKind,
  byOperatorId: string | null,
  detail: string | null = null,
): Promise<string> {
  const row = await db
    .insertInto("operator_events")
    .values({ email, kind, by_operator_id: byOperatorId, detail })
    .returning("id")
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** An operator as the operators' page lists them. */
export interface OperatorAccount extends Operator {
  role: OperatorRole;
  createdAt: Date;
  /** When they were disabled; null while they may sign in. */
  disabledAt: Date | null;
}

/** How many operators the page lists at most: an agency has a handful. */
const OPERATORS_LISTED = 500;

/** Every operator, those who may work first, then by email. */
export async function listOperatorAccounts(db: Db): Promise<OperatorAccount[]> {
  const rows = await db
    .selectFrom("operators")
    .select(["id", "email", "role", "created_at", "disabled_at"])
    .orderBy(sql`disabled_at IS NOT NULL`)
    .orderBy("email")
    .limit(OPERATORS_LISTED)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: operatorRoleOf(row.role),
    createdAt: new Date(row.created_at),
    disabledAt: row.disabled_at ? new Date(row.disabled_at) : null,
  }));
}

/** What disabling or enabling an operator came to. */
export type OperatorSwitch =
  | { outcome: "done"; eventId: string }
  | { outcome: "unchanged" }
  | { outcome: "yourself" }
  /** The operator asking was disabled meanwhile (by another, at the same moment): nothing changed. */
  | { outcome: "not-enabled" }
  /** The operator asking is an agent: only the owner changes operators (decision 063). */
  | { outcome: "not-owner" }
  | { outcome: "not-found" };

/**
 * The operators who may sign in now, locked until the transaction `trx` ends: another
 * transaction that disables or enables one waits for it, then reads them again (decision 057).
 * Locked in one order (by id), so two at once never wait for each other.
 */
async function lockEnabledOperators(trx: Db): Promise<Set<string>> {
  const rows = await trx
    .selectFrom("operators")
    .select("id")
    .where("disabled_at", "is", null)
    .orderBy("id")
    .forUpdate()
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Disables an operator (they cannot sign in, every session of theirs ends at once, and the
 * invitations they sent that wait are withdrawn) or enables them again, and keeps the events with
 * who did it, in one transaction. Nothing they did is touched: their name stays on their timeline
 * entries, quotes and template saves. Only an operator who may sign in changes another, and nobody
 * disables their own account, so the desk always keeps an operator who can sign in: the enabled
 * operators are locked while the change is made, so that two operators disabling each other at
 * the same moment cannot both succeed (the second finds itself disabled: "not-enabled").
 */
export async function setOperatorDisabled(
  db: Db,
  operatorId: string,
  disabled: boolean,
  byOperatorId: string,
): Promise<OperatorSwitch> {
  if (!isUuid(operatorId)) return { outcome: "not-found" };
  if (disabled && operatorId === byOperatorId) return { outcome: "yourself" };
  return inTransaction(db, async (trx) => {
    if (!(await lockEnabledOperators(trx)).has(byOperatorId)) return { outcome: "not-enabled" };
    // The role as it is now, read under the same lock: an agent changes nobody, the owner least.
    if ((await operatorRole(trx, byOperatorId)) !== "owner") return { outcome: "not-owner" };
    const changed = await trx
      .updateTable("operators")
      .set({ disabled_at: disabled ? sql`now()` : null, updated_at: sql`now()` })
      .where("id", "=", operatorId)
      .where("disabled_at", disabled ? "is" : "is not", null)
      .returning("email")
      .executeTakeFirst();
    if (!changed) {
      const account = await trx
        .selectFrom("operators")
        .select("email")
        .where("id", "=", operatorId)
        .executeTakeFirst();
      return account ? { outcome: "unchanged" } : { outcome: "not-found" };
    }
    if (disabled) {
      await deleteOperatorSessions(trx, operatorId);
      await withdrawInvitationsBy(trx, operatorId, byOperatorId);
    }
    const eventId = await recordOperatorEvent(
      trx,
      changed.email,
      disabled ? "disabled" : "enabled",
      byOperatorId,
    );
    return { outcome: "done", eventId };
  });
}

/** An operator's role as stored now; an agent's when there is no such operator. */
export async function operatorRole(db: Db, operatorId: string): Promise<OperatorRole> {
  if (!isUuid(operatorId)) return "agent";
  const row = await db
    .selectFrom("operators")
    .select("role")
    .where("id", "=", operatorId)
    .executeTakeFirst();
  return operatorRoleOf(row?.role ?? "agent");
}

/**
 * Withdraws every invitation `operatorId` sent that still waits (they are being disabled: what they
 * started goes with them), each kept as an event by `byOperatorId` (null: the command line).
 */
async function withdrawInvitationsBy(
  trx: Db,
  operatorId: string,
  byOperatorId: string | null,
): Promise<void> {
  const withdrawn = await trx
    .deleteFrom("operator_invitations")
    .where("invited_by", "=", operatorId)
    .returning("email")
    .execute();
  for (const { email } of withdrawn) {
    await recordOperatorEvent(trx, email, "invitation-withdrawn", byOperatorId);
  }
}

/** One event of the operators' history, as the page shows it. */
export interface OperatorEvent {
  id: string;
  email: string;
  kind: OperatorEventKind;
  /** The operator who made the change; null when it was made on the command line. */
  by: string | null;
  at: Date;
  /** What changed, where the kind needs it said (a licence: its state, number, lines, expiry). */
  detail: string | null;
}

function operatorEvents(db: Db) {
  return db
    .selectFrom("operator_events as e")
    .leftJoin("operators as o", "o.id", "e.by_operator_id")
    .select(["e.id", "e.email", "e.kind", "o.email as by", "e.created_at", "e.detail"]);
}

function toOperatorEvents(
  rows: {
    id: string | number;
    email: string;
    kind: string;
    by: string | null;
    created_at: Date;
    detail: string | null;
  }[],
): OperatorEvent[] {
  return rows.flatMap((row) =>
    isOperatorEventKind(row.kind)
      ? [
          {
            id: String(row.id),
            email: row.email,
            kind: row.kind,
            by: row.by,
            at: new Date(row.created_at),
            detail: row.detail,
          },
        ]
      : [],
  );
}

/** The operators' history, newest first (the last `limit` events). */
export async function listOperatorEvents(db: Db, limit = 50): Promise<OperatorEvent[]> {
  return toOperatorEvents(await operatorEvents(db).orderBy("e.id", "desc").limit(limit).execute());
}

/** One event by its id (as a save's confirmation names it), or undefined. */
export async function getOperatorEvent(db: Db, id: string): Promise<OperatorEvent | undefined> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) return undefined;
  return toOperatorEvents(await operatorEvents(db).where("e.id", "=", id).execute())[0];
}

/** An operator the command line changed, and whether they are disabled (cannot sign in) now. */
export interface CommandLineOperator extends Operator {
  disabled: boolean;
}

/**
 * Gives an operator a new password, lifts any lockout of their email and ends every session they
 * have (a password reset signs them out everywhere); with `enable`, enables a disabled account too
 * (the command line's `--enable`). Says whether the account is disabled after it: a disabled
 * operator cannot sign in, whatever their password. Undefined when no operator has the email.
 */
export async function resetOperatorPassword(
  db: Db,
  email: string,
  password: string,
  { enable = false }: { enable?: boolean } = {},
): Promise<CommandLineOperator | undefined> {
  const passwordHash = await hashPassword(password);
  const operator = await inTransaction(db, async (trx) => {
    const changed = await trx
      .updateTable("operators")
      .set({ password_hash: passwordHash, updated_at: sql`now()` })
      .where(sql<string>`lower(email)`, "=", normalizeEmail(email))
      .returning(["id", "email", "disabled_at", "role"])
      .executeTakeFirst();
    if (!changed) return undefined;
    await deleteOperatorSessions(trx, changed.id);
    await recordOperatorEvent(trx, changed.email, "password-reset", null);
    const enabled = enable && (await enableOperatorIn(trx, changed.id, changed.email));
    return {
      id: changed.id,
      email: changed.email,
      role: operatorRoleOf(changed.role),
      disabled: !enabled && !!changed.disabled_at,
    };
  });
  if (!operator) return undefined;
  // Lifts the lockout of this email from every address.
  await db
    .deleteFrom("operator_sign_in_failures")
    .where("key", "like", `${hashOf(normalizeEmail(email))}:%`)
    .execute();
  return operator;
}

/** Enables a disabled operator, kept as an event of the command line: whether it was disabled. */
async function enableOperatorIn(trx: Db, operatorId: string, email: string): Promise<boolean> {
  const enabled = await trx
    .updateTable("operators")
    .set({ disabled_at: null, updated_at: sql`now()` })
    .where("id", "=", operatorId)
    .where("disabled_at", "is not", null)
    .returning("id")
    .executeTakeFirst();
  if (enabled) await recordOperatorEvent(trx, email, "enabled", null);
  return enabled !== undefined;
}

/**
 * `npm run operator:create -- --enable`: lets a disabled operator sign in again with the password
 * they had (the way back when no operator who may sign in is left to do it from the desk).
 */
export async function enableOperator(
  db: Db,
  email: string,
): Promise<{ outcome: "enabled" | "already-enabled"; email: string } | { outcome: "not-found" }> {
  return inTransaction(db, async (trx) => {
    const account = await trx
      .selectFrom("operators")
      .select(["id", "email"])
      .where(sql<string>`lower(email)`, "=", normalizeEmail(email))
      .executeTakeFirst();
    if (!account) return { outcome: "not-found" };
    const enabled = await enableOperatorIn(trx, account.id, account.email);
    return { outcome: enabled ? "enabled" : "already-enabled", email: account.email };
  });
}

/** A sign-in attempt: what was typed, and the client address it came from. */
export interface SignInAttempt {
  email: string;
  password: string;
  clientAddress: string;
}

/** What a sign-in attempt came to; a lockout says until when. */
export type SignInResult =
  | { outcome: "signed-in"; operator: Operator }
  | { outcome: "invalid" }
  | { outcome: "locked"; lockedUntil: Date; retryAfterSeconds: number };

function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Failed sign-ins are counted per email as typed (lowercased), whether or not an operator has it,
 * so that a lockout says nothing about which accounts exist, and per client address, so that
 * failures from one address never lock the agency out from its own. Only hashes are kept: of the
 * email, then of the address, so a reset can lift an email's lockouts from every address.
 */
export function failureKey(email: string, clientAddress: string): string {
  return `${hashOf(normalizeEmail(email))}:${hashOf(clientAddress)}`;
}

const MINUTE_MS = 60_000;

/**
 * Checks an email and password. Refused without looking at the password while the email is locked
 * out for the client address; otherwise the password is checked (against a decoy when no operator
 * has the email, so that the time taken gives nothing away), a failure is counted, and the failure
 * that reaches SIGN_IN_POLICY.maxFailures within the window locks the email, for that address, for
 * SIGN_IN_POLICY.lockMinutes. Success clears the count, and stores a stronger hash when today's
 * parameters are stronger.
 */
export async function signIn(
  db: Db,
  { email, password, clientAddress }: SignInAttempt,
  now: Date = new Date(),
): Promise<SignInResult> {
  const key = failureKey(email, clientAddress);
  const lock = await db
    .selectFrom("operator_sign_in_failures")
    .select("locked_until")
    .where("key", "=", key)
    .executeTakeFirst();
  if (lock?.locked_until && lock.locked_until > now) return locked(lock.locked_until, now);

  // A disabled operator is as no operator: the decoy is checked, and the failure counted.
  const account = await db
    .selectFrom("operators")
    .select(["id", "email", "password_hash", "role"])
    .where(sql<string>`lower(email)`, "=", normalizeEmail(email))
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  const matches = account
    ? await verifyPassword(password, account.password_hash)
    : (await verifyDecoyPassword(password), false);

  if (account && matches) {
    await db.deleteFrom("operator_sign_in_failures").where("key", "=", key).execute();
    if (needsRehash(account.password_hash)) {
      await db
        .updateTable("operators")
        .set({ password_hash: await hashPassword(password), updated_at: sql`now()` })
        .where("id", "=", account.id)
        .execute();
    }
    return {
      outcome: "signed-in",
      operator: { id: account.id, email: account.email, role: operatorRoleOf(account.role) },
    };
  }

  const lockedUntil = await recordFailure(db, key, now);
  return lockedUntil ? locked(lockedUntil, now) : { outcome: "invalid" };
}

function locked(lockedUntil: Date, now: Date): SignInResult {
  const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return { outcome: "locked", lockedUntil, retryAfterSeconds };
}

/**
 * Counts one failed sign-in for `key` in a single statement (two attempts at once both count):
 * a count older than the window, or one whose lock has run out, starts again at 1. Returns when
 * the email is now locked until (for this address), or undefined. Counts nobody needs any more are dropped on the way.
 */
async function recordFailure(db: Db, key: string, now: Date): Promise<Date | undefined> {
  const windowStart = new Date(now.getTime() - SIGN_IN_POLICY.windowMinutes * MINUTE_MS);
  const lockEnd = new Date(now.getTime() + SIGN_IN_POLICY.lockMinutes * MINUTE_MS);
  await db
    .deleteFrom("operator_sign_in_failures")
    .where("key", "!=", key)
    .where((eb) =>
      eb.or([
        eb("locked_until", "<=", now),
        eb.and([eb("locked_until", "is", null), eb("first_failed_at", "<=", windowStart)]),
      ]),
    )
    .execute();
  const restart = sql<boolean>`(operator_sign_in_failures.first_failed_at <= ${windowStart} or operator_sign_in_failures.locked_until is not null)`;
  const failures = sql<number>`case when ${restart} then 1 else operator_sign_in_failures.failures + 1 end`;
  const row = await db
    .insertInto("operator_sign_in_failures")
    .values({
      key,
      failures: 1,
      first_failed_at: now,
      locked_until: SIGN_IN_POLICY.maxFailures <= 1 ? lockEnd : null,
    })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        failures,
        first_failed_at: sql`case when ${restart} then ${now} else operator_sign_in_failures.first_failed_at end`,
        locked_until: sql`case when ${failures} >= ${SIGN_IN_POLICY.maxFailures} then ${lockEnd}::timestamptz else null end`,
      }),
    )
    .returning(["failures", "locked_until"])
    .executeTakeFirstOrThrow();
  return row.locked_until ?? undefined;
}

/**
 * `npm run operator:create` while the server runs on the embedded database (issue 28: the first
 * operator of a fresh install is made while the site runs): the command's body, checked, then the
 * account made (201), its password reset (200, saying whether the account is disabled; enabled
 * too with `enable`) or, with `enable` alone, the account enabled (200); 409 when it exists
 * already, 422 when a reset or an enable names nobody, 400 with the message when the body is wrong.
 * The answer names the address only.
 */
export function operatorCommand(db: Db): (body: unknown) => Promise<CommandAnswer> {
  return async (body) => {
    const parsed = z.safeParse(operatorCommandSchema, body);
    if (!parsed.success) {
      return { status: 400, body: { error: parsed.error.issues[0]?.message ?? "invalid" } };
    }
    const { email, password, reset, enable, role } = parsed.data;
    const nobody = { status: 422, body: { error: "no such operator" } };
    if (reset && password !== undefined) {
      const operator = await resetOperatorPassword(db, email, password, { enable });
      return operator
        ? { status: 200, body: { email: operator.email, disabled: operator.disabled } }
        : nobody;
    }
    if (enable) {
      const enabled = await enableOperator(db, email);
      return enabled.outcome === "not-found"
        ? nobody
        : {
            status: 200,
            body: { email: enabled.email, disabled: false, enabled: enabled.outcome },
          };
    }
    if (password === undefined) return { status: 400, body: { error: "a password is needed" } };
    try {
      const operator = await createOperator(db, email, password, role);
      return { status: 201, body: { email: operator.email, role: operator.role } };
    } catch (error) {
      if (error instanceof OperatorExistsError) return { status: 409, body: { error: "exists" } };
      throw error;
    }
  };
}
