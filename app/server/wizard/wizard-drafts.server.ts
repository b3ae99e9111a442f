import { sql } from "kysely";
import { createSessionStorage, redirect, type Session, type SessionStorage } from "react-router";

import { messages } from "#app/domain/messages.ts";
import type { Toast } from "#app/domain/toast.ts";
import { parseDraft, type WizardDraft } from "#app/domain/wizard.ts";
import { firstMissingStepBefore, stepPath, type WizardStepId } from "#app/domain/wizard-steps.ts";

import { siteCookie } from "../http/cookies.server.ts";
import type { Db } from "../db/database.server.ts";
import { SITE_COOKIES } from "#app/domain/cookies.ts";

import { flashToast } from "../http/flash.server.ts";
import { logger } from "../logger.server.ts";
import type { AppServices } from "../services.server.ts";

/** How long a draft lives after its last change: as long as the cookie that names it. */
export const DRAFT_LIFETIME_SECONDS = SITE_COOKIES.wizard.maxAgeSeconds;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type DraftSession = Session<{ draft: WizardDraft }>;
type DraftStorage = SessionStorage<{ draft: WizardDraft }>;

function expiry(expires: Date | undefined): Date {
  return expires ?? new Date(Date.now() + DRAFT_LIFETIME_SECONDS * 1000);
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

/**
 * Drafts in the wizard_drafts table, named by a signed cookie. Cheap to build (a cookie's settings
 * and four queries), so built for each request that needs it.
 */
function draftStorage(services: AppServices): DraftStorage {
  const db: Db = services.database.db;
  return createSessionStorage({
    cookie: siteCookie(services.env, SITE_COOKIES.wizard.name, DRAFT_LIFETIME_SECONDS),
    async createData(data, expires) {
      // Drafts nobody came back to are personal data kept for nothing: drop them as new ones come,
      // in the statement that stores the new one.
      const row = await db
        .with("expired", (db) =>
          db.deleteFrom("wizard_drafts").where("expires_at", "<", new Date()).returning("id"),
        )
        .insertInto("wizard_drafts")
        .values({
          data: JSON.stringify(data),
          ...lookupColumns(data),
          expires_at: expiry(expires),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async readData(id) {
      if (!UUID.test(id)) return null;
      const row = await db
        .selectFrom("wizard_drafts")
        .select("data")
        .where("id", "=", id)
        .where("expires_at", ">", new Date())
        .executeTakeFirst();
      return row ? readStoredDraft(id, row.data) : null;
    },
    async updateData(id, data, expires) {
      if (!UUID.test(id)) return;
      await db
        .updateTable("wizard_drafts")
        .set({
          data: JSON.stringify(data),
          ...lookupColumns(data),
          expires_at: expiry(expires),
          updated_at: sql`now()`,
        })
        .where("id", "=", id)
        .execute();
    },
    async deleteData(id) {
      if (!UUID.test(id)) return;
      await db.deleteFrom("wizard_drafts").where("id", "=", id).execute();
    },
  });
}

/** A visitor's wizard draft and how to keep changes to it. */
export interface DraftHandle {
  draft: WizardDraft;
  /** The draft's id: which wizard session this is ("" before its first save). */
  id: string;
  /** True when the database could not be read: the draft shown is empty, and saving is refused. */
  unavailable: boolean;
  /** Stores the draft; returns the Set-Cookie value that names it. */
  save(draft: WizardDraft): Promise<string>;
}

/**
 * The draft named by the request's wizard cookie (empty when there is none). When the database
 * cannot be read, the draft is empty and `unavailable`, and saving it fails rather than overwrite
 * what the visitor entered before with the little entered since.
 */
export async function getDraft(services: AppServices, request: Request): Promise<DraftHandle> {
  const storage = draftStorage(services);
  let session: DraftSession;
  try {
    session = await storage.getSession(request.headers.get("Cookie"));
  } catch (error) {
    logger.error({ err: error }, "wizard draft unreadable");
    const refuse = () =>
      Promise.reject(new Error("The wizard draft could not be read.", { cause: error }));
    return { draft: {}, id: "", unavailable: true, save: refuse };
  }
  return {
    draft: session.get("draft") ?? {},
    id: session.id,
    unavailable: false,
    save: (draft) => {
      session.set("draft", draft);
      return storage.commitSession(session);
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
): Promise<DraftHandle> {
  const handle = await getDraft(services, request);
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
