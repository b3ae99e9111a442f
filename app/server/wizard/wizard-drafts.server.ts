import { sql, type RawBuilder } from "kysely";
import { randomUUID } from "node:crypto";

import { redirect, type Cookie } from "react-router";

import { isUuid } from "#app/domain/values/ids.ts";
import { agencyFrom } from "#app/domain/site/agency.ts";
import { stateStoppingStep } from "#app/domain/site/licensed-states.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { m } from "#app/paraglide/messages.js";
import { linkPath } from "#app/domain/site/site-pages.ts";
import type { Toast } from "#app/domain/site/toast.ts";
import { parseDraft, type WizardDraft } from "#app/domain/wizard/wizard-draft.ts";
import {
  NOT_LICENSED_PATH,
  stepPath,
  type WizardStepId,
} from "#app/domain/wizard/wizard-screens.ts";
import { firstMissingStepBefore } from "#app/domain/wizard/wizard-steps.ts";

import { siteCookie } from "#app/server/http/signed-cookies.server.ts";
import type { Db } from "#app/server/db/database.server.ts";
import { SITE_COOKIES } from "#app/domain/site/site-cookies.ts";

import { onCommit } from "#app/server/db/transactions.server.ts";
import { flashToast } from "#app/server/http/flash.server.ts";
import { logger } from "#app/server/logger.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import type { StoredDraft } from "#app/server/wizard/draft-cache.server.ts";
import type { SubmissionWriter } from "#app/server/wizard/submission-history.server.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";

/** How long a draft lives after its last change: as long as the cookie that names it. */
export const DRAFT_LIFETIME_SECONDS = SITE_COOKIES.wizard.maxAgeSeconds;

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
  const id = typeof parsed === "string" && isUuid(parsed) ? parsed : null;
  const keptId = id ?? randomUUID();
  return { id, keptId, setCookie: () => cookie.serialize(keptId) };
}

/**
 * A save found the stored draft changed since it was read (another server, another tab) or gone:
 * nothing was written. `current` is the draft as stored now (null if there is none), read by the
 * same statement, for the save to run again from.
 */
export class StaleDraft extends Error {
  readonly current: StoredDraft | null;
  constructor(current: StoredDraft | null) {
    super("The wizard draft changed since it was read");
    this.current = current;
  }
}

/** A stored draft's row as read (its version as text), checked (readStoredDraft). */
export function storedDraftOf(
  id: string,
  row: { data: unknown; version: string | null } | undefined,
): StoredDraft | null {
  if (!row?.version) return null;
  const read = readStoredDraft(id, row.data);
  return read ? { draft: read.draft, version: row.version } : null;
}

/** The stored draft of this id, unless it has expired (or never was). */
async function readStored(db: Db, id: string): Promise<StoredDraft | null> {
  const row = await db
    .selectFrom("wizard_drafts")
    .select(["data", sql<string>`xmin::text`.as("version")])
    .where("id", "=", id)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
  return storedDraftOf(id, row);
}

/**
 * The stored row of draft `id`, locked for the statement it is part of (a CTE body, `stored`): its
 * data and version, the latest committed if another save changed it meanwhile.
 */
export function lockedStoredDraft(id: string): RawBuilder<unknown> {
  return sql`SELECT data, xmin::text AS version FROM wizard_drafts
    WHERE id = ${id}::uuid AND expires_at > now() FOR UPDATE`;
}

/**
 * Whether the stored row of a statement's `stored` CTE (lockedStoredDraft) is still `version`, the
 * draft a save started from (null: none was stored then): what a step's own statement writes under
 * (decision 029).
 */
export function storedDraftIs(version: string | null): RawBuilder<boolean> {
  return version === null
    ? sql<boolean>`NOT EXISTS (SELECT 1 FROM stored)`
    : sql<boolean>`EXISTS (SELECT 1 FROM stored WHERE version = ${version})`;
}

/** What a step's own statement saves (`record`), and the draft it keeps beside it. */
export interface SaveWithDraft<SavedRecord> {
  record: SavedRecord;
  writer: SubmissionWriter;
  /**
   * The draft's id, the version the save started from (null: none was stored) and the submission
   * it names now (if any).
   */
  draft: { keptId: string; version: string | null; named: string | undefined };
  /** The draft to keep once submission `id` is saved. */
  keptFor(id: string): WizardDraft;
}

/**
 * Changes the stored draft, which lives another DRAFT_LIFETIME_SECONDS from now, if it is still
 * the version the save started from; otherwise throws StaleDraft with what is stored now. One
 * statement. Returns the new version.
 */
async function updateStored(
  db: Db,
  id: string,
  data: { draft: WizardDraft },
  version: string,
): Promise<string> {
  const columns = lookupColumns(data);
  const { rows } = await sql<{ kept: string | null; data: unknown; version: string | null }>`
    WITH stored AS (${lockedStoredDraft(id)}), kept AS (
      UPDATE wizard_drafts SET data = ${JSON.stringify(data)}::jsonb,
        submission_id = ${columns.submission_id}::uuid,
        email_proven = ${columns.email_proven}::boolean,
        expires_at = ${expiry()}, updated_at = now()
      WHERE id = ${id}::uuid AND xmin = ${version}::xid AND expires_at > now()
      RETURNING xmin::text AS version
    )
    SELECT (SELECT version FROM kept) AS kept, stored.data, stored.version
    FROM (SELECT 1) AS one LEFT JOIN stored ON true
  `.execute(db);
  const row = rows[0];
  if (row?.kept) return row.kept;
  throw new StaleDraft(storedDraftOf(id, row));
}

/**
 * Stores a new draft under `id` (or over an expired one of that id, which the cookie still named).
 * Drafts nobody came back to are personal data kept for nothing: they are dropped as new ones come,
 * in the same statement. Returns its version.
 */
async function insertStored(db: Db, id: string, data: { draft: WizardDraft }): Promise<string> {
  const values = { data: JSON.stringify(data), ...lookupColumns(data), expires_at: expiry() };
  const row = await db
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
    .returning(sql<string>`xmin::text`.as("version"))
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * The write of draft `keptId` for a statement that also writes the submission the draft names
 * (decision 028), as a CTE body: `submissionId` is that submission's id in SQL, known only once the
 * statement runs, and `keptFor(id)` is the draft to keep if the statement saved submission `id`.
 * It is asked of the submission the draft names now (`named`) and of any other: the statement
 * keeps the one that applies, with the other's id written in. Inserts the draft if it is gone.
 * Writes nothing when `submissionId` is null (the statement saved no submission). Returns the
 * draft's new version.
 */
export function draftWriteNaming(
  keptId: string,
  submissionId: RawBuilder<string>,
  named: string | undefined,
  keptFor: (id: string) => WizardDraft,
): RawBuilder<unknown> {
  const namedId = named && isUuid(named) ? named : null;
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
    WHERE ${submissionId} IS NOT NULL
    ON CONFLICT (id) DO UPDATE SET data = excluded.data, submission_id = excluded.submission_id,
      email_proven = excluded.email_proven, expires_at = excluded.expires_at, updated_at = now()
    RETURNING xmin::text AS version`;
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
  /** The stored draft's version (null: none is stored), which a save writes over. */
  version: string | null;
  /** The draft is this server's copy (decision 029), not read now: it may be out of date. */
  fromCache: boolean;
  /** True when the database could not be read: the draft shown is empty, and saving is refused. */
  unavailable: boolean;
  /**
   * Stores the draft, if the stored one is still `version` (StaleDraft otherwise); returns the
   * Set-Cookie value that names it.
   */
  save(draft: WizardDraft): Promise<string>;
  /** Notes a draft the step's own statement stored (decision 028), at `version`. */
  kept(draft: WizardDraft, version: string): void;
}

/**
 * Where getDraft starts from: the database (a page, or a save in a transaction), this server's
 * cache of drafts when it has the draft (a save: decision 029), or a draft a save found stored
 * when it tried to write (StaleDraft), to run again from.
 */
export type DraftSource = "database" | "cache" | { current: StoredDraft | null };

/**
 * The draft named by the request's wizard cookie (empty when there is none), `cookie` when it was
 * read already. When the database cannot be read, the draft is empty and `unavailable`, and saving
 * it fails rather than overwrite what the visitor entered before with the little entered since.
 */
export async function getDraft(
  services: AppServices,
  request: Request,
  cookie?: DraftCookie,
  source: DraftSource = "database",
): Promise<DraftHandle> {
  const db: Db = services.database.db;
  let named: DraftCookie;
  let stored: StoredDraft | null;
  let fromCache: boolean;
  try {
    named = cookie ?? (await readDraftCookie(services, request));
    ({ stored, fromCache } = await storedFrom(services, named.id, source));
  } catch (error) {
    logger.error({ err: error }, "wizard draft unreadable");
    const refuse = () =>
      Promise.reject(new Error("The wizard draft could not be read.", { cause: error }));
    return {
      draft: {},
      id: "",
      keptId: "",
      version: null,
      fromCache: false,
      unavailable: true,
      save: refuse,
      cookie: refuse,
      kept: () => {},
    };
  }
  const keep = (draft: WizardDraft, version: string) =>
    onCommit(db, () => services.drafts.set(named.keptId, { draft, version }));
  return {
    draft: stored?.draft ?? {},
    id: named.id ?? "",
    keptId: named.keptId,
    version: stored?.version ?? null,
    fromCache,
    unavailable: false,
    cookie: named.setCookie,
    save: async (draft) => {
      try {
        keep(
          draft,
          stored
            ? await updateStored(db, named.keptId, { draft }, stored.version)
            : await insertStored(db, named.keptId, { draft }),
        );
      } catch (error) {
        if (error instanceof StaleDraft) services.drafts.set(named.keptId, error.current);
        throw error;
      }
      return named.setCookie();
    },
    kept: keep,
  };
}

/**
 * Keeps `draft` as the request's draft whatever is stored now (what a resume link restores):
 * written over the version just read, or, if that changed meanwhile, over the one the failed write
 * found. Returns the Set-Cookie value that names it.
 */
export async function replaceDraft(
  services: AppServices,
  request: Request,
  draft: WizardDraft,
): Promise<string> {
  const cookie = await readDraftCookie(services, request);
  try {
    return await (await getDraft(services, request, cookie)).save(draft);
  } catch (error) {
    if (!(error instanceof StaleDraft)) throw error;
    const current = { current: error.current };
    return (await getDraft(services, request, cookie, current)).save(draft);
  }
}

/** The stored draft named `id`, from where `source` says (and kept in the cache if read). */
async function storedFrom(
  services: AppServices,
  id: string | null,
  source: DraftSource,
): Promise<{ stored: StoredDraft | null; fromCache: boolean }> {
  if (!id) return { stored: null, fromCache: false };
  if (typeof source === "object") return { stored: source.current, fromCache: false };
  const cached = source === "cache" ? services.drafts.get(id) : undefined;
  if (cached) return { stored: cached, fromCache: true };
  const stored = await readStored(services.database.db, id);
  onCommit(services.database.db, () => services.drafts.set(id, stored));
  return { stored, fromCache: false };
}

/**
 * Where a visitor who opens (or posts to) `step` with this draft is sent instead, if anywhere: the
 * not-licensed page when the draft's state is one the agency does not serve (decision 031: no step
 * after the first shows or saves for it), else the first earlier step still missing.
 */
function detourFrom(
  services: AppServices,
  step: WizardStepId,
  draft: WizardDraft,
  thisYear: number,
): string | undefined {
  const today = dayIn(new Date(), services.env.AGENCY_TIME_ZONE);
  if (stateStoppingStep(step, agencyFrom(services.env), draft, today)) return NOT_LICENSED_PATH;
  const missing = firstMissingStepBefore(step, draft, thisYear);
  return missing ? stepPath(missing) : undefined;
}

/**
 * For a step's loader or action: the draft, or a redirect to the first earlier step still missing. Segments
 * opened with no industry also flash the spec's "Please select an industry first." toast. A draft
 * whose state the agency does not serve goes to the not-licensed page from every step after the
 * first (decision 031).
 */
export async function requireEarlierSteps(
  services: AppServices,
  request: Request,
  step: WizardStepId,
  cookie?: DraftCookie,
  source: DraftSource = "database",
): Promise<DraftHandle> {
  let handle = await getDraft(services, request, cookie, source);
  // The database is out of reach: the step still shows, and its save fails with the spec's toast,
  // keeping what was typed (nothing can be checked, and nothing is overwritten).
  if (handle.unavailable) return handle;
  const thisYear = new Date().getFullYear();
  let detour = detourFrom(services, step, handle.draft, thisYear);
  // This server's copy may be behind what another server saved: it is read before going back.
  if (detour && handle.fromCache) {
    handle = await getDraft(services, request, cookie, "database");
    if (handle.unavailable) return handle;
    detour = detourFrom(services, step, handle.draft, thisYear);
  }
  if (!detour) return handle;
  const headers = new Headers();
  // The detour in the page's language, where that screen has one (linkPath).
  const locale = requestLocale(request);
  if (step === "segments" && !handle.draft.industry) {
    const toast: Toast = {
      kind: "error",
      message: m.wizard_select_industry_first({}, { locale }),
    };
    headers.append("Set-Cookie", await flashToast(services.env, request, toast));
  }
  throw redirect(linkPath(detour, locale), { headers });
}
