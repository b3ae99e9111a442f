/**
 * The desk's email templates and the emails operators send from a lead's page (issue 28). A
 * template's every save is kept with who made it. An email goes through the outbox as an agency
 * email (decision 054) and enters the lead's timeline in the same transaction: as sent, or as not
 * sent and why.
 */
import { sql } from "kysely";

import { deskEmail, sentEmailRecord } from "#app/domain/leads/desk-emails.ts";
import type { Agency } from "#app/domain/site/agency.ts";
import { BASE_LOCALE, isLocale, type Locale } from "#app/domain/site/locales.ts";
import { isUuid } from "#app/domain/values/ids.ts";

import { markContacted } from "#app/server/leads/desk-work.server.ts";
import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { queueAgencyEmail, type AgencyEmailOutcome } from "#app/server/mail/outbox.server.ts";
import type { AgencyMailLimits } from "#app/domain/site/mailbox.ts";

/** A template as the desk shows it, with who saved it last. */
export interface DeskTemplate {
  id: string;
  name: string;
  subject: string;
  body: string;
  /** The language it is written in (decision 071). */
  language: Locale;
  updatedAt: Date;
  /** The operator who saved it last; null for the templates the site started with. */
  updatedBy: string | null;
}

/** Every template, by name. */
export async function listTemplates(db: Db): Promise<DeskTemplate[]> {
  const rows = await db
    .selectFrom("desk_email_templates as t")
    .select([
      "t.id",
      "t.name",
      "t.subject",
      "t.body",
      "t.language",
      "t.updated_at",
      sql<string | null>`(SELECT o.email FROM desk_email_template_versions AS v
        LEFT JOIN operators AS o ON o.id = v.saved_by
        WHERE v.template_id = t.id ORDER BY v.id DESC LIMIT 1)`.as("updated_by"),
    ])
    .orderBy(sql`lower(t.name)`)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    language: isLocale(row.language) ? row.language : BASE_LOCALE,
    updatedAt: new Date(row.updated_at),
    updatedBy: row.updated_by,
  }));
}

/** A template's saves, newest first: what it said, who saved it and when. */
export async function templateVersions(
  db: Db,
  templateId: string,
): Promise<{ name: string; subject: string; body: string; by: string | null; at: Date }[]> {
  if (!isUuid(templateId)) return [];
  const rows = await db
    .selectFrom("desk_email_template_versions as v")
    .leftJoin("operators as o", "o.id", "v.saved_by")
    .select(["v.name", "v.subject", "v.body", "o.email", "v.saved_at"])
    .where("v.template_id", "=", templateId)
    .orderBy("v.id", "desc")
    .limit(20)
    .execute();
  return rows.map((row) => ({
    name: row.name,
    subject: row.subject,
    body: row.body,
    by: row.email,
    at: new Date(row.saved_at),
  }));
}

/** What saving a template did. */
export type TemplateSave = "saved" | "name-taken" | "not-found";

/**
 * Adds a template (no id) or changes one, and keeps the save as a version with the operator, in
 * one transaction. Names are unique, ignoring case.
 */
export async function saveTemplate(
  db: Db,
  template: { id?: string; name: string; subject: string; body: string; language: Locale },
  operatorId: string,
): Promise<TemplateSave> {
  if (template.id !== undefined && !isUuid(template.id)) return "not-found";
  try {
    return await inTransaction(db, async (trx) => {
      const values = {
        name: template.name,
        subject: template.subject,
        body: template.body,
        language: template.language,
      };
      const row =
        template.id === undefined
          ? await trx
              .insertInto("desk_email_templates")
              .values(values)
              .returning("id")
              .executeTakeFirstOrThrow()
          : await trx
              .updateTable("desk_email_templates")
              .set({ ...values, updated_at: sql`now()` })
              .where("id", "=", template.id)
              .returning("id")
              .executeTakeFirst();
      if (!row) return "not-found";
      await trx
        .insertInto("desk_email_template_versions")
        .values({ template_id: row.id, ...values, saved_by: operatorId })
        .execute();
      return "saved";
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "name-taken";
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "23505";
}

/**
 * Sends a lead's visitor an email from the desk, as an agency email (decision 054): not under the
 * per-inbox cap, under the desk's hourly limits, and never to an application whose email is not
 * proven. Queued, it enters the lead's timeline as sent; held, the timeline says it was not sent
 * and why, with a way to send it again (queueAgencyEmail). One transaction.
 */
export async function sendDeskEmail(
  db: Db,
  message: {
    submissionId: string;
    to: string;
    subject: string;
    body: string;
    operatorId: string;
    agency: Agency;
    limits: AgencyMailLimits;
    /** The language it is written in (the agency's footer follows it); English if not said. */
    language?: Locale | undefined;
  },
): Promise<AgencyEmailOutcome> {
  const { subject, text, html } = deskEmail(
    message.subject,
    message.body,
    message.agency,
    message.language,
  );
  return inTransaction(db, async (trx) => {
    const outcome = await queueAgencyEmail(
      trx,
      {
        submissionId: message.submissionId,
        to: message.to,
        operatorId: message.operatorId,
        subject,
        text,
        html,
      },
      message.limits,
    );
    if (outcome === "queued") {
      await trx
        .insertInto("lead_activities")
        .values({
          submission_id: message.submissionId,
          operator_id: message.operatorId,
          kind: "email",
          body: sentEmailRecord(message.subject, message.body),
        })
        .execute();
      // An email to the visitor is contact: a New request moves on (decision 066).
      await markContacted(trx, message.submissionId, message.operatorId);
    }
    return outcome;
  });
}
