import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type RouterContextProvider } from "react-router";

import { agencyFrom } from "#app/domain/site/agency.ts";
import {
  savedSubmission,
  toEmailStepRecord,
  toRecord,
} from "#app/domain/application/application-record.ts";
import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import { unservedStateOf } from "#app/domain/site/licensed-states.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { suggestNaics } from "#app/domain/reference/naics.ts";
import { m } from "#app/paraglide/messages.js";
import { linkPath } from "#app/domain/site/site-pages.ts";
import type { Toast } from "#app/domain/site/toast.ts";
import { localeOfPath, type Locale } from "#app/domain/site/locales.ts";
import { emailSchema } from "#app/domain/wizard/wizard.ts";
import type { WizardDraft } from "#app/domain/wizard/wizard-draft.ts";
import {
  languageAsked,
  NOT_LICENSED_PATH,
  SCRIPTED_FIELD,
  skipsChecks,
  stepPath,
  type WizardStepId,
} from "#app/domain/wizard/wizard-screens.ts";
import {
  previousStep,
  type StepRequest,
  type StepSave,
  type WizardStep,
} from "#app/domain/wizard/wizard-steps.ts";

import { clientAddressContext } from "#app/server/http/guards.server.ts";
import { getSiteLanguages, requestLocale } from "#app/server/http/site-languages.server.ts";
import { flashToast } from "#app/server/http/flash.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import type { Env } from "#app/server/env.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices, type AppServices } from "#app/server/services.server.ts";
import { countApplicationCompleted, countStepReached } from "#app/server/wizard/funnel.server.ts";
import { saveEmailStepWithDraft } from "#app/server/wizard/email-step.server.ts";
import {
  wizardWriter,
  type SubmissionWriter,
} from "#app/server/wizard/submission-history.server.ts";
import { saveCompleteStepWithDraft } from "#app/server/wizard/complete-step.server.ts";
import {
  readDraftCookie,
  requireEarlierSteps,
  StaleDraft,
  type DraftCookie,
  type DraftHandle,
  type DraftSource,
} from "#app/server/wizard/wizard-drafts.server.ts";

/**
 * The wizard's one loader and one action (decision 018), run for each step from its entry in the
 * step table (app/domain/wizard/wizard-steps.ts): guard, read the draft, parse, save, redirect, toast.
 */

/** What a step's action answers when it does not move on: the form's state and a toast. */
export interface StepActionData {
  result?: SubmissionResult<string[]>;
  toast?: Toast;
  /** The application was saved: the screen shows the toast, then moves on (a browser with scripts). */
  saved?: boolean;
}

/** What a loader or an action is given (React Router's arguments, as far as the engine reads them). */
interface StepArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** A step of the table, whatever its own types. */
type AnyStep<View, Value> = WizardStep<WizardStepId, View, Value, keyof WizardDraft>;

function stepRequest(request: Request, context: Readonly<RouterContextProvider>): StepRequest {
  const now = new Date();
  const url = new URL(request.url);
  return {
    thisYear: now.getFullYear(),
    searchParams: url.searchParams,
    locale: localeOfPath(url.pathname),
    now,
    agencyName: getAgency(context).name,
    suggestIndustryCodes: (text) => suggestNaics(text),
  };
}

/** Who is saving: this visitor's wizard session, for the submission's history (decision 013). */
export function writerOf(
  context: Readonly<RouterContextProvider>,
  handle: DraftHandle,
): SubmissionWriter {
  return wizardWriter(
    getServices(context).env.SESSION_SECRET,
    context.get(clientAddressContext),
    handle.id,
    handle.draft,
  );
}

/**
 * A step's loader: the draft (or a redirect to the first earlier step still missing), counted in
 * the funnel, as the step's screen shows it.
 */
export function stepLoader<View, Value>(step: AnyStep<View, Value>) {
  return async ({ request, context }: StepArgs): Promise<View> => {
    const { draft } = await requireEarlierSteps(getServices(context), request, step.id);
    const view = step.view(draft, stepRequest(request, context));
    // Only a draft out of reach gives nothing to show (the guard has sent the rest elsewhere).
    if (view === undefined) throw data({ reason: "database-unavailable" }, { status: 503 });
    await countStepReached(context, request, step.id);
    return view;
  };
}

/** What a step's own save is given, and gives back: the draft to keep, and what follows it. */
interface SaveWork {
  services: AppServices;
  context: Readonly<RouterContextProvider>;
  handle: DraftHandle;
  draft: WizardDraft;
  thisYear: number;
  /** The language of the page saved from: the application records it (issue 31). */
  locale: Locale;
}
interface SaveOutcome {
  draft: WizardDraft;
  /** The save kept the draft itself (in its own statement). */
  keptBySave?: boolean;
  afterKept?: () => Promise<void>;
}

/**
 * The server's own work for the steps that save to the submission (StepSave): `run` is one
 * statement that keeps the draft too (decisions 028 and 052), in one transaction with what follows
 * it when `transaction` says so for these settings (decision 023).
 */
const SAVES: Record<
  StepSave,
  { transaction: (env: Env) => boolean; run: (work: SaveWork) => Promise<SaveOutcome> }
> = {
  /**
   * Industry, state, segments and email to the submission with that email (or a new one), a link
   * back to it by email (issue 8) that restores what this session writes (decision 013), and the
   * draft naming it: one statement.
   */
  "email-step": {
    transaction: () => false,
    async run({ services, context, handle, draft, locale }) {
      const { email } = emailSchema().parse(draft);
      const keptFor = (id: string): WizardDraft => ({
        ...draft,
        submission: savedSubmission(handle.draft, id, email),
      });
      const { id, version } = await saveEmailStepWithDraft(services, {
        record: { ...toEmailStepRecord(draft, email), language: locale },
        writer: writerOf(context, handle),
        draft: {
          keptId: handle.keptId,
          version: handle.version,
          named: handle.draft.submission?.id,
        },
        keptFor,
      });
      handle.kept(keptFor(id), version);
      return { draft: keptFor(id), keptBySave: true };
    },
  },
  /**
   * Every field to the submission the email step wrote (or a new one), the completed draft (the
   * Quote step works from it) and the agency's new-lead email: one statement. After it, never
   * failing the save: the funnel's count and, where LEAD_WEBHOOK_URL is set, the webhooks, whose
   * body is the lead as stored: read back in the save's transaction, so that the event is queued
   * exactly when the save is kept.
   */
  "complete-application": {
    transaction: (env) => env.LEAD_WEBHOOK_URL.length > 0,
    run: saveCompleteApplication,
  },
};

async function saveCompleteApplication({
  services,
  context,
  handle,
  draft,
  thisYear,
  locale,
}: SaveWork): Promise<SaveOutcome> {
  const record = { ...toRecord(draft, thisYear), language: locale };
  const keptFor = (id: string): WizardDraft => ({
    ...draft,
    submission: savedSubmission(handle.draft, id, record.email),
  });
  const { id, version, updated } = await saveCompleteStepWithDraft(services, {
    record,
    writer: writerOf(context, handle),
    draft: { keptId: handle.keptId, version: handle.version, named: handle.draft.submission?.id },
    keptFor,
  });
  handle.kept(keptFor(id), version);
  return {
    draft: keptFor(id),
    keptBySave: true,
    afterKept: async () => {
      await countApplicationCompleted(context);
      await queueLeadEvent(services, updated ? "application.updated" : "application.completed", id);
    },
  };
}

/** A form refused on this server's copy of the draft (decision 029): checked again on the stored one. */
class CheckedAgainstCopy extends Error {
  constructor() {
    super("The form was checked against this server's copy of the draft");
  }
}

/**
 * A failure inside a step's transaction, with the answer to give once it has rolled back: what the
 * visitor typed, and the spec's error toast.
 */
class SaveFailure extends Error {
  readonly result: SubmissionResult<string[]> | undefined;
  constructor(cause: unknown, result: SubmissionResult<string[]> | undefined) {
    super("The wizard save failed", { cause });
    this.result = result;
  }
}

/** The services with every query going through `db`: this request's transaction. */
function withDatabase(services: AppServices, db: Db): AppServices {
  return { ...services, database: { ...services.database, db } };
}

/**
 * A step's action. Back keeps the form as typed and goes to the step before. Continue checks the
 * form with the step's schema (400 with each field's message), writes the step's fields, runs the
 * step's own save, keeps the draft and goes on, with the step's toast. A failed save answers 503
 * with the spec's error toast, and the visitor keeps what they typed.
 *
 * A step with a save of its own saves in one statement, the draft with it (decisions 028 and 052),
 * or, where more must be written with it (the final save's webhooks), in one transaction from
 * reading the draft to keeping it (decision 023): a failure anywhere leaves nothing half written.
 */
export function stepAction<View, Value>(step: AnyStep<View, Value>) {
  return async ({ request, context }: StepArgs) => {
    const services = getServices(context);
    const formData = await request.formData();
    const locale = requestLocale(request);
    try {
      const cookie = await readDraftCookie(services, request);
      // A step that only keeps the draft writes one row, and a step's own save is one statement:
      // a transaction would add two statements and guard nothing, unless more follows it.
      const transaction = step.save !== undefined && SAVES[step.save].transaction(services.env);
      const run = (source: DraftSource) =>
        transaction
          ? inTransaction(services.database.db, (trx) =>
              runStep(
                step,
                withDatabase(services, trx),
                context,
                request,
                formData,
                cookie,
                source,
              ),
            )
          : runStep(step, services, context, request, formData, cookie, source);
      // The save starts from this server's copy of the draft, if it has one, and writes only if
      // the stored draft is still that version (decision 029). If it is not, nothing was written,
      // and the save runs once more from the draft as stored now, which the failed write read.
      let outcome: Awaited<ReturnType<typeof run>>;
      try {
        outcome = await run("cache");
      } catch (error) {
        if (error instanceof StaleDraft) outcome = await run({ current: error.current });
        else if (error instanceof CheckedAgainstCopy) outcome = await run("database");
        else throw error;
      }
      if (!("moveTo" in outcome)) return outcome;
      const { moveTo, headers, toast } = outcome;
      if (toast) headers.append("Set-Cookie", await flashToast(services.env, request, toast));
      // To the next screen in the page's language (or the one asked for), where it has one.
      return redirect(linkPath(moveTo, outcome.locale ?? locale), { headers });
    } catch (error) {
      // The guard's redirect to an earlier step (nothing was written).
      if (error instanceof Response) throw error;
      if (error instanceof SaveFailure)
        return saveFailed(error.cause, step.id, locale, error.result);
      // The transaction could not begin or commit: the database is out of reach.
      return saveFailed(error, step.id, locale, typedReply(formData, locale));
    }
  };
}

/** Where a step's action goes once its transaction is over, with the toast it flashes there. */
interface StepMove {
  moveTo: string;
  headers: Headers;
  toast?: Toast;
  /** The language of the page it goes to, when not the page's own (a switch of language). */
  locale?: Locale;
}

/** A step's action inside its transaction: `services` query through it. */
async function runStep<View, Value>(
  step: AnyStep<View, Value>,
  services: AppServices,
  context: Readonly<RouterContextProvider>,
  request: Request,
  formData: FormData,
  cookie: DraftCookie,
  source: DraftSource,
): Promise<StepMove | ReturnType<typeof data<StepActionData>>> {
  const handle = await requireEarlierSteps(services, request, step.id, cookie, source);
  const at = stepRequest(request, context);
  const intent = formData.get("intent");
  if (skipsChecks(intent)) {
    // Back goes to the step before; a switch of language to this step in the language asked for,
    // if the site speaks it (else this step again). Either way what was typed is kept.
    const asked = languageAsked(intent);
    const switchTo = getSiteLanguages(context).find((language) => language === asked);
    return keepTyped(
      handle,
      asked === undefined ? (previousStep(step.id) ?? step.id) : step.id,
      { ...handle.draft, ...step.typed(formData, handle.draft) },
      formData,
      { page: at.locale, next: switchTo ?? at.locale },
    );
  }
  const schema = handle.unavailable ? undefined : step.schema(handle.draft, at.thisYear, at.locale);
  if (!schema) {
    throw new SaveFailure(new Error("The draft is unavailable"), typedReply(formData, at.locale));
  }
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") {
    // A step's checks can depend on earlier answers: this server's copy of them may be behind.
    if (handle.fromCache) throw new CheckedAgainstCopy();
    return data<StepActionData>({ result: submission.reply() }, { status: 400 });
  }
  const headers = new Headers();
  const written = { ...handle.draft, ...step.apply(submission.value, handle.draft, at) };
  // Only where the agency is licensed (decision 031): a draft whose state it does not serve is
  // kept by step 1 (its two answers name the state on the not-licensed page), and nothing past it
  // is saved for it, whatever is posted where: no submission, no application, no link back.
  const stopped =
    unservedStateOf(
      agencyFrom(services.env),
      written,
      dayIn(new Date(), services.env.AGENCY_TIME_ZONE),
    ) !== undefined;
  if (stopped && step.save) return { moveTo: NOT_LICENSED_PATH, headers };
  let kept: WizardDraft;
  try {
    const outcome: SaveOutcome = step.save
      ? await SAVES[step.save].run({
          services,
          context,
          handle,
          draft: written,
          thisYear: at.thisYear,
          locale: at.locale,
        })
      : { draft: written };
    kept = outcome.draft;
    headers.append(
      "Set-Cookie",
      outcome.keptBySave ? await handle.cookie() : await handle.save(kept),
    );
    await outcome.afterKept?.();
  } catch (error) {
    if (error instanceof StaleDraft) throw error;
    throw new SaveFailure(error, submission.reply());
  }
  const toast: Toast | undefined = step.continueToast
    ? { kind: "success", message: step.continueToast({}, { locale: at.locale }) }
    : undefined;
  if (stopped) return { moveTo: NOT_LICENSED_PATH, headers };
  // A screen whose scripts run shows the toast itself and moves on after the spec's pause.
  if (toast && formData.get(SCRIPTED_FIELD) === "yes") {
    return data<StepActionData>({ saved: true, toast }, { headers });
  }
  return { moveTo: step.staysWhile?.(kept) ? step.path : step.next, headers, toast };
}

/**
 * Keeps the draft as typed and goes to step `to` in language `locales.next` (Back, or a switch of
 * language). If the draft cannot be saved, the visitor stays, with the spec's error toast (in the
 * page's language) and what they typed.
 */
async function keepTyped(
  handle: DraftHandle,
  to: WizardStepId,
  draft: WizardDraft,
  formData: FormData,
  locales: { page: Locale; next: Locale },
): Promise<StepMove> {
  try {
    const headers = new Headers({ "Set-Cookie": await handle.save(draft) });
    return { moveTo: stepPath(to), headers, locale: locales.next };
  } catch (error) {
    if (error instanceof StaleDraft) throw error;
    throw new SaveFailure(error, typedReply(formData, locales.page));
  }
}

/** The form as posted, unchecked: for answering a failed save with what the visitor typed. */
function typedReply(formData: FormData, locale: Locale): SubmissionResult<string[]> {
  return parseForm(formData, anyForm).reply({
    formErrors: [m.error_save_failed({}, { locale })],
  });
}

/**
 * The answer when the database failed: the spec's error toast, the visitor stays on the step with
 * what they typed, and the error is logged (without the visitor's data).
 */
function saveFailed(
  error: unknown,
  id: WizardStepId,
  locale: Locale,
  result?: SubmissionResult<string[]>,
) {
  logger.error({ err: error, step: id }, "wizard save failed");
  return data<StepActionData>(
    { result, toast: { kind: "error", message: m.error_save_failed({}, { locale }) } },
    { status: 503 },
  );
}
