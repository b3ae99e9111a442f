import { sql, type RawBuilder } from "kysely";
import { randomUUID } from "node:crypto";

import { redirect, type Cookie } from "react-router";

import { messages } from "#app/domain/messages.ts";
import type { Toast } from "#app/domain/toast.ts";
import { parseDraft, type WizardDraft } from "#app/domain/wizard.ts";
import { stepPath, type WizardStepId } from "#app/domain/wizard-screens.ts";
import { firstMissingStepBefore } from "#app/domain/wizard-steps.ts";

import { siteCookie } from "../http/cookies.server.ts";
import type { Db } from "../db/database.server.ts";
import { SITE_COOKIES } from "#app/domain/cookies.ts";

import { flashToast } from "../http/flash.server.ts";
import { logger } from "../logger.server.ts";
import type { AppServices } from "../services.server.ts";

/** How long a draft lives after its last change: as long as the cookie that names it. */
export const DRAFT_LIFETIME_SECONDS = SITE_COOKIES.wizard.maxAgeSeconds;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function expiry(): Date {
  return new Date(Date.now() + DRAFT_LIFETIME_SECONDS * 1000);
}

/**
 * The columns looked up beside the draft's JSON (decision 018): which submission it saved, and
 * whether it came from an emailed link to it.
 */
function lookupColumns(data: Partial<{ draft: WizardDraft }>) {
  const submission = data.draft?.submission;
  return { submission_id: submission?.id ?? null, email_proven: submission?.emailProven === true };
}

/**
 * A stored draft, checked on every read: one that does not fit the draft's shape (written by hand,
 * or by a version that kept it otherwise) is logged by id and read as no draft, never a 500.
 */
function readStoredDraft(id: string, stored: unknown): { draft: WizardDraft } | null {
  if (stored === null || typeof stored !== "object" || !("draft" in stored)) return null;
  const draft = parseDraft(stored.draft);
  if (!draft) {
    logger.warn({ draftId: id }, "wizard draft unreadable: read as empty");
    return null;
  }
  return { draft };
}

/** The signed cookie that names a visitor's draft. */
function draftCookie(services: AppServices): Cookie {
  return siteCookie(services.env, SITE_COOKIES.wizard.name, {
    maxAgeSeconds: DRAFT_LIFETIME_SECONDS,
  });
}

/** A request's wizard cookie, read (its signature checked), and the draft id it will name. */
export interface DraftCookie {
  /** The draft the cookie names, or null without a cookie (or with one not ours). */
  id: string | null;
  /** The id the draft is kept under: the cookie's, or one chosen now for a new draft. */
  keptId: string;
  /** The Set-Cookie value that names `keptId`. */
  setCookie(): Promise<string>;
}

/** Reads the request's wizard cookie. */
export async function readDraftCookie(
  services: AppServices,
  request: Request,
): Promise<DraftCookie> {
  const cookie = draftCookie(services);
  const parsed: unknown = await cookie.parse(request.headers.get("Cookie"));
  const id = typeof parsed === "string" && UUID.test(parsed) ? parsed : null;
  const keptId = id ?? randomUUID();
  return { id, keptId, setCookie: () => cookie.serialize(keptId) };
}

/** The stored draft of this id, unless it has expired (or never was). */
async function readStored(db: Db, id: string): Promise<{ draft: WizardDraft } | null> {
  const row = await db
    .selectFrom("wizard_drafts")
    .select("data")
    .where("id", "=", id)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
  return row ? readStoredDraft(id, row.data) : null;
}

/** Changes a stored draft, which lives another DRAFT_LIFETIME_SECONDS from now. */
async function updateStored(db: Db, id: string, data: { draft: WizardDraft }): Promise<void> {
  await db
    .updateTable("wizard_drafts")
    .set({
      data: JSON.stringify(data),
      ...lookupColumns(data),
      expires_at: expiry(),
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Stores a new draft under `id` (or over an expired one of that id, which the cookie still named).
 * Drafts nobody came back to are personal data kept for nothing: they are dropped as new ones come,
 * in the same statement.
 */
async function insertStored(db: Db, id: string, data: { draft: WizardDraft }): Promise<void> {
  const values = { data: JSON.stringify(data), ...lookupColumns(data), expires_at: expiry() };
  await db
    .with("expired", (db) =>
      db
        .deleteFrom("wizard_drafts")
        .where("expires_at", "<", new Date())
        .where("id", "<>", id)
        .returning("id"),
    )
    .insertInto("wizard_drafts")
    .values({ id, ...values })
    .onConflict((conflict) =>
      conflict.column("id").doUpdateSet({ ...values, updated_at: sql`now()` }),
    )
    .execute();
}

/**
 * The write of draft `keptId` for a statement that also writes the submission the draft names
 * (decision 028), as a CTE body: `submissionId` is that submission's id in SQL, known only once the
 * statement runs, and `keptFor(id)` is the draft to keep if the statement saved submission `id`.
 * It is asked of the submission the draft names now (`named`) and of any other: the statement
 * keeps the one that applies, with the other's id written in. Inserts the draft if it is gone.
 */
export function draftWriteNaming(
  keptId: string,
  submissionId: RawBuilder<string>,
  named: string | undefined,
  keptFor: (id: string) => WizardDraft,
): RawBuilder<unknown> {
  const namedId = named && UUID.test(named) ? named : null;
  const other = { draft: keptFor("") };
  const same = namedId ? { draft: keptFor(namedId) } : other;
  const isNamed = sql<boolean>`${submissionId} = ${namedId}::uuid`;
  return sql`
    INSERT INTO wizard_drafts (id, data, submission_id, email_proven, expires_at)
    SELECT ${keptId}::uuid,
      jsonb_set(
        CASE WHEN ${isNamed} THEN ${JSON.stringify(same)}::jsonb
          ELSE ${JSON.stringify(other)}::jsonb END,
        '{draft,submission,id}', to_jsonb(${submissionId}::text)),
      ${submissionId},
      CASE WHEN ${isNamed} THEN ${lookupColumns(same).email_proven}::boolean
        ELSE ${lookupColumns(other).email_proven}::boolean END,
      ${expiry()}
    ON CONFLICT (id) DO UPDATE SET data = excluded.data, submission_id = excluded.submission_id,
      email_proven = excluded.email_proven, expires_at = excluded.expires_at, updated_at = now()
    RETURNING id`;
}

/** A visitor's wizard draft and how to keep changes to it. */
export interface DraftHandle {
  draft: WizardDraft;
  /** The draft's id: which wizard session this is ("" before its first save). */
  id: string;
  /** The id the draft is kept under (the cookie's, or a new one before the first save). */
  keptId: string;
  /** The Set-Cookie value that names `keptId`. */
  cookie(): Promise<string>;
  /** True when the database could not be read: the draft shown is empty, and saving is refused. */
  unavailable: boolean;
  /** Stores the draft; returns the Set-Cookie value that names it. */
  save(draft: WizardDraft): Promise<string>;
}

/**
 * The draft named by the request's wizard cookie (empty when there is none), `cookie` when it was
 * read already. When the database cannot be read, the draft is empty and `unavailable`, and saving
 * it fails rather than overwrite what the visitor entered before with the little entered since.
 */
export async function getDraft(
  services: AppServices,
  request: Request,
  cookie?: DraftCookie,
): Promise<DraftHandle> {
  const db: Db = services.database.db;
  let named: DraftCookie;
  let stored: { draft: WizardDraft } | null;
  try {
    named = cookie ?? (await readDraftCookie(services, request));
    stored = named.id ? await readStored(db, named.id) : null;
  } catch (error) {
    logger.error({ err: error }, "wizard draft unreadable");
    const refuse = () =>
      Promise.reject(new Error("The wizard draft could not be read.", { cause: error }));
    return { draft: {}, id: "", keptId: "", unavailable: true, save: refuse, cookie: refuse };
  }
  return {
    draft: stored?.draft ?? {},
    id: named.id ?? "",
    keptId: named.keptId,
    unavailable: false,
    cookie: named.setCookie,
    save: async (draft) => {
      if (stored) await updateStored(db, named.keptId, { draft });
      else await insertStored(db, named.keptId, { draft });
      return named.setCookie();
    },
  };
}

/**
 * For a step's loader or action: the draft, or a redirect to the first earlier step still missing. Segments
 * opened with no industry also flash the spec's "Please select an industry first." toast.
 */
export async function requireEarlierSteps(
  services: AppServices,
  request: Request,
  step: WizardStepId,
  cookie?: DraftCookie,
): Promise<DraftHandle> {
  const handle = await getDraft(services, request, cookie);
  // The database is out of reach: the step still shows, and its save fails with the spec's toast,
  // keeping what was typed (nothing can be checked, and nothing is overwritten).
  if (handle.unavailable) return handle;
  const missing = firstMissingStepBefore(step, handle.draft, new Date().getFullYear());
  if (!missing) return handle;
  const headers = new Headers();
  if (step === "segments" && !handle.draft.industry) {
    const toast: Toast = {
      kind: "error",
      message: messages.selectIndustryFirst,
    };
    headers.append("Set-Cookie", await flashToast(services.env, request, toast));
  }
  throw redirect(stepPath(missing), { headers });
}
