import { sql, type Kysely } from "kysely";

// Issue 55 (decision 064): a request to bind keeps the visitor's consent to do business and sign
// electronically (`consent`: the exact words they agreed to, in their language, and how they
// chose to get their documents, `documents_by`: "electronic" or "paper") and their answer to the
// insurer's terrorism (TRIA) offer (`tria`: "accepted", "rejected"; null when the quote made none).
// Binding is two steps: the desk records the insurer's binder (number, effective day, the day it
// expires) and the request is Bound; the policy's number, dates and PDF follow when the insurer
// issues it (`policy_added_at`, `policy_added_by`). A request bound before keeps its policy and
// has no binder. The insurer may decline, or change the terms of, a request to bind: it is then
// Declined with the kind and the reason, and the visitor may choose another quote, so one request
// to bind per quote request is now one not declined.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE bind_requests
    ADD COLUMN consent jsonb,
    ADD COLUMN documents_by text CHECK (documents_by IN ('electronic', 'paper')),
    ADD COLUMN tria text CHECK (tria IN ('accepted', 'rejected')),
    ADD COLUMN binder_number text CHECK (char_length(binder_number) BETWEEN 1 AND 60),
    ADD COLUMN binder_effective date,
    ADD COLUMN binder_expires date,
    ADD COLUMN policy_added_at timestamptz,
    ADD COLUMN policy_added_by uuid REFERENCES operators (id),
    ADD COLUMN declined_at timestamptz,
    ADD COLUMN declined_by uuid REFERENCES operators (id),
    ADD COLUMN decline_kind text CHECK (decline_kind IN ('declined', 'changed-terms')),
    ADD COLUMN decline_reason text CHECK (char_length(decline_reason) BETWEEN 1 AND 1000)`.execute(
    db,
  );
  await sql`ALTER TABLE bind_requests DROP CONSTRAINT bind_requests_bound_check`.execute(db);
  await sql`ALTER TABLE bind_requests DROP CONSTRAINT bind_requests_status_check`.execute(db);
  await sql`ALTER TABLE bind_requests ADD CONSTRAINT bind_requests_status_check
    CHECK (status IN ('requested', 'bound', 'declined'))`.execute(db);
  await sql`ALTER TABLE bind_requests ADD CONSTRAINT bind_requests_bound_check CHECK (
    (status = 'bound') = (bound_at IS NOT NULL AND bound_by IS NOT NULL)
    AND (status <> 'bound' OR binder_number IS NOT NULL OR policy_number IS NOT NULL)
    AND (binder_number IS NULL) = (binder_effective IS NULL)
    AND (binder_number IS NULL) = (binder_expires IS NULL)
    AND (binder_expires IS NULL OR binder_expires >= binder_effective)
    AND (policy_number IS NULL) = (policy_start IS NULL)
    AND (policy_number IS NULL) = (policy_end IS NULL)
    AND (policy_number IS NULL OR status = 'bound')
    AND (policy_end IS NULL OR policy_end > policy_start)
    AND (status = 'declined') = (declined_at IS NOT NULL AND declined_by IS NOT NULL
      AND decline_kind IS NOT NULL AND decline_reason IS NOT NULL))`.execute(db);
  await sql`ALTER TABLE bind_requests DROP CONSTRAINT bind_requests_quote_request_id_key`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX bind_requests_one_standing_idx ON bind_requests (quote_request_id)
    WHERE status <> 'declined'`.execute(db);
  await sql`CREATE INDEX bind_requests_request_idx ON bind_requests (quote_request_id, signed_at)`.execute(
    db,
  );
  // The desk's "Needs action": binders still waiting for the insurer's policy.
  await sql`CREATE INDEX bind_requests_binder_waiting_idx ON bind_requests (bound_at)
    WHERE status = 'bound' AND policy_number IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX bind_requests_binder_waiting_idx`.execute(db);
  await sql`DROP INDEX bind_requests_request_idx`.execute(db);
  await sql`DELETE FROM bind_requests WHERE status = 'declined' OR (status = 'bound' AND policy_number IS NULL)`.execute(
    db,
  );
  await sql`DROP INDEX bind_requests_one_standing_idx`.execute(db);
  await sql`ALTER TABLE bind_requests ADD CONSTRAINT bind_requests_quote_request_id_key
    UNIQUE (quote_request_id)`.execute(db);
  await sql`ALTER TABLE bind_requests DROP CONSTRAINT bind_requests_bound_check`.execute(db);
  await sql`ALTER TABLE bind_requests DROP CONSTRAINT bind_requests_status_check`.execute(db);
  await sql`ALTER TABLE bind_requests ADD CONSTRAINT bind_requests_status_check
    CHECK (status IN ('requested', 'bound'))`.execute(db);
  await sql`ALTER TABLE bind_requests ADD CONSTRAINT bind_requests_bound_check
    CHECK ((status = 'bound') = (policy_number IS NOT NULL AND policy_start IS NOT NULL
      AND policy_end IS NOT NULL AND bound_at IS NOT NULL AND bound_by IS NOT NULL)
      AND (policy_end IS NULL OR policy_end > policy_start))`.execute(db);
  await sql`ALTER TABLE bind_requests
    DROP COLUMN consent, DROP COLUMN documents_by, DROP COLUMN tria, DROP COLUMN binder_number,
    DROP COLUMN binder_effective, DROP COLUMN binder_expires, DROP COLUMN policy_added_at,
    DROP COLUMN policy_added_by, DROP COLUMN declined_at, DROP COLUMN declined_by,
    DROP COLUMN decline_kind, DROP COLUMN decline_reason`.execute(db);
}
