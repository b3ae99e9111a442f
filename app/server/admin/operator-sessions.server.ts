import { operatorRoleOf, type OperatorRole } from "#app/domain/leads/desk-operators.ts";
import { SITE_COOKIES } from "#app/domain/site/site-cookies.ts";
import { isLinkToken } from "#app/domain/values/link-tokens.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { hashOfToken, newSecretToken } from "#app/server/http/secret-tokens.server.ts";

/** How long a sign-in lasts (as long as its cookie): a working day, then one signs in again. */
export const OPERATOR_SESSION_SECONDS = SITE_COOKIES.admin.maxAgeSeconds;

/** The operator a session belongs to. */
export interface SessionOperator {
  id: string;
  email: string;
  /** What they may do (decision 063), read with the session on every request. */
  role: OperatorRole;
}

/** Sessions are stored by the hash of their token: the table alone signs nobody in. */
const sessionId = hashOfToken;

/**
 * Starts a session for an operator: a new random token (256 bits) for the cookie, its hash in the
 * database, an expiry. Expired sessions of anyone are dropped on the way.
 */
export async function createOperatorSession(
  db: Db,
  operatorId: string,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  await db.deleteFrom("operator_sessions").where("expires_at", "<=", now).execute();
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_SECONDS * 1000);
  await db
    .insertInto("operator_sessions")
    .values({ id: sessionId(token), operator_id: operatorId, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/**
 * The operator of a live session, or undefined for an unknown, malformed or expired token, or an
 * operator disabled since (disabling ends their sessions too; this holds even for one in flight).
 */
export async function findSessionOperator(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<SessionOperator | undefined> {
  if (!isLinkToken(token)) return undefined;
  const row = await db
    .selectFrom("operator_sessions")
    .innerJoin("operators", "operators.id", "operator_sessions.operator_id")
    .select(["operators.id", "operators.email", "operators.role"])
    .where("operator_sessions.id", "=", sessionId(token))
    .where("operator_sessions.expires_at", ">", now)
    .where("operators.disabled_at", "is", null)
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, role: operatorRoleOf(row.role) };
}

/** Ends one session (signing out). */
export async function deleteOperatorSession(db: Db, token: string): Promise<void> {
  if (!isLinkToken(token)) return;
  await db.deleteFrom("operator_sessions").where("id", "=", sessionId(token)).execute();
}

/** Ends every session of an operator. */
export async function deleteOperatorSessions(db: Db, operatorId: string): Promise<void> {
  await db.deleteFrom("operator_sessions").where("operator_id", "=", operatorId).execute();
}
