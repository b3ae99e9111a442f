/**
 * The producer licences operators record on their profile, and the producer of record they become
 * for a request (issue 55, decision 063; the rules in app/domain/leads/producer-licenses.ts). Every
 * change is an operator event with what the licence was, so the operators' history keeps it.
 */
import { sql } from "kysely";

import {
  isLineOfAuthority,
  licenseDetail,
  type ProducerLicense,
  type ProducerOfRecord,
} from "#app/domain/leads/producer-licenses.ts";
import { isUuid } from "#app/domain/values/ids.ts";
import { isUsState, uspsCode } from "#app/domain/reference/states.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { recordOperatorEvent } from "#app/server/admin/operators.server.ts";

/** An operator as a producer: the name they are licensed by and their licences, by state. */
export interface Producer {
  name: string | null;
  licenses: ProducerLicense[];
}

/** The operator's licensed name and licences (states in order). */
export async function getProducer(db: Db, operatorId: string): Promise<Producer> {
  if (!isUuid(operatorId)) return { name: null, licenses: [] };
  const [operator, rows] = await Promise.all([
    db
      .selectFrom("operators")
      .select("producer_name")
      .where("id", "=", operatorId)
      .executeTakeFirst(),
    db
      .selectFrom("producer_licenses")
      .select(["id", "state", "number", "lines", sql<string>`expires::text`.as("expires")])
      .where("operator_id", "=", operatorId)
      .orderBy("state")
      .execute(),
  ]);
  return {
    name: operator?.producer_name ?? null,
    licenses: rows.map((row) => ({
      id: row.id,
      state: row.state,
      number: row.number,
      lines: row.lines.filter(isLineOfAuthority),
      expires: row.expires,
    })),
  };
}

/** Every operator's licences, for the operators' page: by operator id. */
export async function listProducerLicenses(db: Db): Promise<Map<string, ProducerLicense[]>> {
  const rows = await db
    .selectFrom("producer_licenses")
    .select([
      "id",
      "operator_id",
      "state",
      "number",
      "lines",
      sql<string>`expires::text`.as("expires"),
    ])
    .orderBy("state")
    .limit(5000)
    .execute();
  const byOperator = new Map<string, ProducerLicense[]>();
  for (const row of rows) {
    const held = byOperator.get(row.operator_id) ?? [];
    held.push({
      id: row.id,
      state: row.state,
      number: row.number,
      lines: row.lines.filter(isLineOfAuthority),
      expires: row.expires,
    });
    byOperator.set(row.operator_id, held);
  }
  return byOperator;
}

/** The operator's email, for the events kept about them. */
async function emailOf(db: Db, operatorId: string): Promise<string> {
  const row = await db
    .selectFrom("operators")
    .select("email")
    .where("id", "=", operatorId)
    .executeTakeFirstOrThrow();
  return row.email;
}

/** Sets the name the operator is licensed by, kept as an event: its id. */
export async function setProducerName(db: Db, operatorId: string, name: string): Promise<string> {
  return inTransaction(db, async (trx) => {
    await trx
      .updateTable("operators")
      .set({ producer_name: name, updated_at: sql`now()` })
      .where("id", "=", operatorId)
      .execute();
    return recordOperatorEvent(
      trx,
      await emailOf(trx, operatorId),
      "producer-name",
      operatorId,
      name,
    );
  });
}

/**
 * Records a licence of the operator's (one per state: a licence for a state they have already
 * replaces it, as a renewal does), kept as an event with what it says: its id.
 */
export async function saveProducerLicense(
  db: Db,
  operatorId: string,
  license: Omit<ProducerLicense, "id">,
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const saved = await trx
      .insertInto("producer_licenses")
      .values({
        operator_id: operatorId,
        state: license.state,
        number: license.number,
        lines: license.lines,
        expires: license.expires,
      })
      .onConflict((conflict) =>
        conflict.columns(["operator_id", "state"]).doUpdateSet({
          number: license.number,
          lines: license.lines,
          expires: license.expires,
          updated_at: sql`now()`,
        }),
      )
      .returning(sql<boolean>`(xmax = 0)`.as("inserted"))
      .executeTakeFirstOrThrow();
    return recordOperatorEvent(
      trx,
      await emailOf(trx, operatorId),
      saved.inserted ? "licence-added" : "licence-changed",
      operatorId,
      licenseDetail(license),
    );
  });
}

/** Removes one of the operator's own licences, kept as an event: its id, or undefined. */
export async function removeProducerLicense(
  db: Db,
  operatorId: string,
  licenseId: string,
): Promise<string | undefined> {
  if (!isUuid(licenseId)) return undefined;
  return inTransaction(db, async (trx) => {
    const removed = await trx
      .deleteFrom("producer_licenses")
      .where("id", "=", licenseId)
      .where("operator_id", "=", operatorId)
      .returning(["state", "number", "lines", sql<string>`expires::text`.as("expires")])
      .executeTakeFirst();
    if (!removed) return undefined;
    const detail = licenseDetail({ ...removed, lines: removed.lines.filter(isLineOfAuthority) });
    return recordOperatorEvent(
      trx,
      await emailOf(trx, operatorId),
      "licence-removed",
      operatorId,
      detail,
    );
  });
}

/**
 * Makes `operatorId` the request's producer of record, as the visitor is shown them, in the
 * caller's transaction (publishing or binding).
 */
export async function recordProducerOfRecord(
  trx: Db,
  requestId: string,
  operatorId: string,
  producer: ProducerOfRecord,
): Promise<void> {
  await trx
    .updateTable("quote_requests")
    .set({
      producer_operator_id: operatorId,
      producer_name: producer.name,
      producer_license_number: producer.licenseNumber,
    })
    .where("id", "=", requestId)
    .execute();
}

/**
 * The producer a request names, if one has published its quotes or bound it: their name, the
 * business's state (a two-letter code) and their licence number there.
 */
export async function getProducerOfRecord(
  db: Db,
  requestId: string,
): Promise<ProducerOfRecord | undefined> {
  if (!isUuid(requestId)) return undefined;
  const row = await db
    .selectFrom("quote_requests as q")
    .innerJoin("business_wizard_submissions as s", "s.id", "q.submission_id")
    .select(["q.producer_name", "q.producer_license_number", "s.state"])
    .where("q.id", "=", requestId)
    .executeTakeFirst();
  const state = row?.state && isUsState(row.state) ? uspsCode(row.state) : undefined;
  return row?.producer_name && row.producer_license_number && state
    ? { name: row.producer_name, state, licenseNumber: row.producer_license_number }
    : undefined;
}
