/**
 * Invitations to the lead desk (issue 28, decision 040): an operator names an email, the site
 * emails it a link that works once until it expires, and the person who opens it chooses a
 * password and is an operator. The token is never stored, only its SHA-256; one invitation waits
 * per address, a new one replacing it.
 */

import { sql } from "kysely";

import {
  INVITATION_HOURS,
  invitationEmail,
  invitationPath,
  operatorRoleOf,
  type OperatorRole,
} from "#app/domain/leads/desk-operators.ts";
import type { Agency } from "#app/domain/site/agency.ts";
import { isUuid } from "#app/domain/values/ids.ts";
import { isLinkToken } from "#app/domain/values/link-tokens.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { hashOfToken, newSecretToken } from "#app/server/http/secret-tokens.server.ts";
import { notifyOutboxWorkers, takeRecipientAllowance } from "#app/server/mail/outbox.server.ts";
import { hashPassword } from "#app/server/admin/passwords.server.ts";
import { recordOperatorEvent, type Operator } from "#app/server/admin/operators.server.ts";

/** What inviting came to; an invitation sent names its event. */
export type InviteOutcome =
  | { outcome: "invited"; eventId: string }
  | { outcome: "already-operator" }
  | { outcome: "inbox-full" };

/**
 * Invites `email` to the desk in one statement: unless an operator has the address already or its
 * inbox has had its hourly cap of emails, the invitation (replacing one still waiting for the
 * address), its email in the outbox and the event with who invited.
 */
export async function inviteOperator(
  db: Db,
  invitation: {
    email: string;
    /** The role the invited person will have (decision 063). */
    role: OperatorRole;
    invitedBy: { id: string; email: string };
    siteUrl: string;
    agency: Agency;
    perHour: number;
  },
): Promise<InviteOutcome> {
  const token = newSecretToken();
  const email = invitation.email.trim().toLowerCase();
  const { subject, text, html } = invitationEmail(
    `${invitation.siteUrl}${invitationPath(token)}`,
    invitation.invitedBy.email,
    invitation.agency,
  );
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 60 * 60 * 1000);
  const { rows } = await sql<{ operator: boolean; event_id: string | number | null }>`
    WITH operator AS (
      SELECT 1 FROM operators WHERE lower(email) = ${email}
    ), allowed AS (
      ${takeRecipientAllowance(email, invitation.perHour, sql<boolean>`NOT EXISTS (SELECT 1 FROM operator)`)}
    ), invited AS (
      INSERT INTO operator_invitations (token_hash, email, invited_by, expires_at, role)
      SELECT ${hashOfToken(token)}, ${email}, ${invitation.invitedBy.id}::uuid, ${expiresAt}::timestamptz,
        ${invitation.role}
      FROM allowed
      ON CONFLICT ((lower(email))) DO UPDATE SET token_hash = excluded.token_hash,
        invited_by = excluded.invited_by, created_at = now(), expires_at = excluded.expires_at,
        role = excluded.role
      RETURNING id
    ), queued AS (
      INSERT INTO outbox (id, recipients, subject, text_body, html_body) OVERRIDING SYSTEM VALUE
      SELECT (SELECT outbox_id FROM allowed), ARRAY[${email}::text], ${subject}, ${text}, ${html}
      FROM invited
      RETURNING id
    ), logged AS (
      INSERT INTO operator_events (email, kind, by_operator_id)
      SELECT ${email}, 'invited', ${invitation.invitedBy.id}::uuid FROM queued
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM operator) AS operator,
      (SELECT id FROM logged) AS event_id`.execute(db);
  const row = rows[0];
  if (row?.operator) return { outcome: "already-operator" };
  if (row?.event_id == null) return { outcome: "inbox-full" };
  notifyOutboxWorkers();
  return { outcome: "invited", eventId: String(row.event_id) };
}

/** An invitation as the operators' page lists it. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: OperatorRole;
  invitedBy: string;
  invitedAt: Date;
  expiresAt: Date;
}

/** The invitations not yet used, newest first (expired ones too: the page says so). */
export async function listInvitations(db: Db): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom("operator_invitations as i")
    .innerJoin("operators as o", "o.id", "i.invited_by")
    .select(["i.id", "i.email", "i.role", "o.email as invited_by", "i.created_at", "i.expires_at"])
    .orderBy("i.created_at", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: operatorRoleOf(row.role),
    invitedBy: row.invited_by,
    invitedAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  }));
}

/** Withdraws an invitation (its link stops working), kept as an event: its id, or undefined. */
export async function withdrawInvitation(
  db: Db,
  invitationId: string,
  byOperatorId: string,
): Promise<string | undefined> {
  if (!isUuid(invitationId)) return undefined;
  return inTransaction(db, async (trx) => {
    const removed = await trx
      .deleteFrom("operator_invitations")
      .where("id", "=", invitationId)
      .returning("email")
      .executeTakeFirst();
    if (!removed) return undefined;
    return recordOperatorEvent(trx, removed.email, "invitation-withdrawn", byOperatorId);
  });
}

/**
 * The invitation a link's token opens, if it works: not expired, not used or withdrawn, sent by an
 * operator who may still sign in (disabling one withdraws what they sent; this holds for any that
 * slipped past), and for an address no operator has (one may have been made on the command line
 * since).
 */
export async function findInvitation(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<{ email: string } | undefined> {
  if (!isLinkToken(token)) return undefined;
  return db
    .selectFrom("operator_invitations as i")
    .innerJoin("operators as inviter", "inviter.id", "i.invited_by")
    .select("i.email")
    .where("i.token_hash", "=", hashOfToken(token))
    .where("i.expires_at", ">", now)
    .where("inviter.disabled_at", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("operators as o")
            .select(sql`1`.as("one"))
            .whereRef(sql<string>`lower(o.email)`, "=", sql<string>`lower(i.email)`),
        ),
      ),
    )
    .executeTakeFirst();
}

/**
 * Uses an invitation: the operator made with this password and the event kept, the invitation gone,
 * in one transaction. Undefined when the link no longer works (then nothing changes): expired,
 * used, withdrawn, or sent by an operator who has been disabled.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  password: string,
): Promise<Operator | undefined> {
  if (!isLinkToken(token)) return undefined;
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (trx) => {
    const used = await trx
      .deleteFrom("operator_invitations")
      .where("token_hash", "=", hashOfToken(token))
      .where("expires_at", ">", new Date())
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("operators as inviter")
            .select(sql`1`.as("one"))
            .whereRef("inviter.id", "=", "operator_invitations.invited_by")
            .where("inviter.disabled_at", "is", null),
        ),
      )
      .returning(["email", "role"])
      .executeTakeFirst();
    if (!used) return undefined;
    const operator = await trx
      .insertInto("operators")
      .values({ email: used.email, password_hash: passwordHash, role: operatorRoleOf(used.role) })
      .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
      .returning(["id", "email", "role"])
      .executeTakeFirst();
    // An operator has the address already: the invitation is spent and nothing else changes.
    if (!operator) return undefined;
    await recordOperatorEvent(trx, operator.email, "joined", operator.id);
    return { id: operator.id, email: operator.email, role: operatorRoleOf(operator.role) };
  });
}
