/**
 * The wizard, declared (decision 018): each step's path, what it shows from the draft, the schema
 * Continue is checked with, which draft fields it writes (on Continue, and as typed on Back), when
 * its part is complete, where Continue goes and what it says. One generic loader and one generic
 * action (app/server/wizard/step-engine.server.ts) run every step from this table; a route module
 * keeps only its screen. A step needs every step before it complete: opened early, it sends the
 * visitor to the first one missing.
 *
 * Pure. Each step's path, progress mark and next screen come from wizard-screens.ts, all that the
 * screens need in the browser: they import that module, not this one, so that the rest of the
 * table stays out of the wizard's scripts (issue 18).
 */
import {
  choiceOfSegments,
  NO_NAICS_CODE,
  SEGMENT_TEXT_MAX,
  segmentsAreValid,
  segmentsSchema,
  typedSegments,
} from "#app/domain/wizard/segment-choice.ts";
import { withoutControlCharacters } from "#app/domain/values/text.ts";
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale, type Message } from "#app/domain/site/locales.ts";
import { segmentName } from "#app/domain/reference/segment-terms.ts";
import { placeNames, stateChoices } from "#app/domain/reference/state-names.ts";
import type { IndustryId } from "#app/domain/reference/industries.ts";
import { CHECKBOX_TICKED } from "#app/domain/values/fields.ts";
import { draftIndustry, type WizardDraft } from "#app/domain/wizard/wizard-draft.ts";
import {
  emailSchema,
  industryStateSchema,
  TEXT_LIMITS,
  textsConsentText,
} from "#app/domain/wizard/wizard.ts";
import { stepAnswersSchema } from "#app/domain/wizard/wizard-answers.ts";
import {
  answerName,
  askOf,
  columnsAskedOn,
  isAskedColumn,
  type Answers,
  type AnswerStepId,
  type StepAnswers,
} from "#app/domain/application/application-fields.ts";
import type { z } from "#app/domain/values/zod.ts";
import {
  STEP_SCREENS,
  WIZARD_STEP_ORDER,
  type StepScreen,
  type WizardStepId,
} from "#app/domain/wizard/wizard-screens.ts";

/** A 2022 NAICS industry, as suggested for what a visitor in "other" typed. */
export interface IndustryCode {
  code: string;
  title: string;
}

/** What a step may read besides the draft. */
export interface StepRequest {
  thisYear: number;
  /** The page's query string (the start step takes ?industry=). */
  searchParams: URLSearchParams;
  now: Date;
  /** The language of the page: its messages and the names it shows (issue 31). */
  locale: Locale;
  /** The licensed agency behind the site (Agency.name): the texts consent names it (issue 26). */
  agencyName: string;
  /**
   * The NAICS codes closest to what was typed (app/domain/reference/naics.ts, given by the server so that
   * its list of a thousand titles never reaches the browser).
   */
  suggestIndustryCodes(text: string): readonly IndustryCode[];
}

/**
 * The server's own work for a step's Continue, between checking the form and keeping the draft
 * (app/server/wizard/step-engine.server.ts): the email step saves the first record and sends a
 * link back; the last step saves the whole application.
 */
export type StepSave = "email-step" | "complete-application";

/**
 * One step of the wizard: its screen (path, progress mark, where Continue goes) and what the
 * server runs for it. `Writes` are the draft's fields it owns.
 */
export interface WizardStep<
  Id extends string,
  View,
  Value,
  Writes extends keyof WizardDraft,
> extends StepScreen {
  id: Id;
  /** The draft fields this step writes. */
  writes: readonly Writes[];
  /** Whether this step's part of the draft is complete (the steps after it need it). */
  isComplete(draft: WizardDraft, thisYear: number): boolean;
  /** What the screen shows, from the draft; undefined when it cannot be shown at all. */
  view(draft: WizardDraft, request: StepRequest): View | undefined;
  /**
   * What Continue is checked with, its messages in `locale`; undefined when the draft gives nothing
   * to check against.
   */
  schema(draft: WizardDraft, thisYear: number, locale: Locale): z.ZodMiniType<Value> | undefined;
  /** What Back keeps: the form as typed, unchecked but bounded in length and count. */
  typed(form: FormData, draft: WizardDraft): Pick<WizardDraft, Writes>;
  /** What Continue writes from the checked form. */
  apply(value: Value, draft: WizardDraft, request: StepRequest): Pick<WizardDraft, Writes>;
  /** The server's own save on Continue, if any. */
  save?: StepSave;
  /** While this holds after Continue, the step shows again instead (other's code to choose). */
  staysWhile?: (draft: WizardDraft) => boolean;
  /** The toast the next screen shows after Continue, if any. */
  continueToast?: Message;
}

/** A step as declared: its types are kept for the loader and the screen. */
function step<Id extends string, View, Value, Writes extends keyof WizardDraft>(
  spec: WizardStep<Id, View, Value, Writes>,
): WizardStep<Id, View, Value, Writes> {
  return spec;
}

/** A text field's value as typed, without control characters and capped at `max` characters. */
export function typedText(form: FormData, name: string, max: number): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? withoutControlCharacters(value).slice(0, max) : undefined;
}

const industryAndState = step({
  id: "industry-and-state",
  ...STEP_SCREENS["industry-and-state"],
  writes: ["industry", "state", "segments", "naicsCode"],
  isComplete: (draft) => industryStateSchema().safeParse(draft).success,
  view: (draft, { searchParams, locale }) => {
    // An industry named in the link (?industry=) is chosen already.
    const linked = searchParams.get("industry") ?? "";
    const industry: IndustryId | "" =
      draftIndustry({ industry: linked })?.id ?? draftIndustry(draft)?.id ?? "";
    // The states' names in the page's language, from here rather than in the screen's scripts.
    return { industry, state: draft.state ?? "", states: stateChoices(locale) };
  },
  schema: (_draft, _thisYear, locale) => industryStateSchema(locale),
  typed: (_form, draft) => ({
    industry: draft.industry,
    state: draft.state,
    segments: draft.segments,
    naicsCode: draft.naicsCode,
  }),
  // Segments belong to an industry: a new industry starts its segments (and code) afresh.
  apply: ({ industry, state }, draft) => {
    const same = draft.industry === industry;
    return {
      industry,
      state,
      segments: same ? draft.segments : undefined,
      naicsCode: same ? draft.naicsCode : undefined,
    };
  },
});

/** Whether "other"'s industry code is still to be chosen for what was typed. */
function codeToChoose(draft: WizardDraft): boolean {
  return draftIndustry(draft)?.selection === "free-text" && draft.naicsCode === undefined;
}

const segments = step({
  id: "segments",
  ...STEP_SCREENS.segments,
  writes: ["segments", "naicsCode"],
  isComplete: (draft) => {
    const industry = draftIndustry(draft);
    return (
      industry !== undefined &&
      segmentsAreValid(industry, draft.segments ?? []) &&
      !codeToChoose(draft)
    );
  },
  view: (draft, { suggestIndustryCodes, locale }) => {
    const industry = draftIndustry(draft);
    if (!industry) return undefined;
    const choice = choiceOfSegments(industry, draft.segments ?? []);
    // Other's closest codes, once what the visitor typed has been sent (issue 17).
    const codes =
      industry.selection === "free-text" && choice.searchQuery
        ? suggestIndustryCodes(choice.searchQuery)
        : [];
    return {
      industryId: industry.id,
      // The list's names in the page's language (the form still sends the stored English names).
      segmentNames: Object.fromEntries(
        industry.segments.map((segment) => [segment, segmentName(segment, locale)]),
      ),
      ...choice,
      codes: codes.map(({ code, title }) => ({ code, title })),
      naicsCode: draft.naicsCode ?? "",
    };
  },
  schema: (draft, _thisYear, locale) => {
    const industry = draftIndustry(draft);
    return industry ? segmentsSchema(industry, locale) : undefined;
  },
  typed: (form, draft) => {
    const industry = draftIndustry(draft);
    if (!industry) return { segments: draft.segments, naicsCode: draft.naicsCode };
    const typed = typedSegments(industry, {
      listed: [...form.getAll("segments"), ...form.getAll("segment")],
      searchQuery: typedText(form, "searchQuery", SEGMENT_TEXT_MAX),
    });
    const unchanged = typed.join("\n") === (draft.segments ?? []).join("\n");
    return { segments: typed, naicsCode: unchanged ? draft.naicsCode : undefined };
  },
  /**
   * For "other": the code picked from the suggestions for this very text, or "none" (own words
   * kept, or nothing matched); while there are suggestions and no choice for them, none yet, and
   * the step shows again with them.
   */
  apply: (value, draft, { suggestIndustryCodes }) => {
    if (!("naicsCode" in value)) return { segments: value.segments, naicsCode: undefined };
    const [typed = ""] = value.segments;
    const codes = suggestIndustryCodes(typed);
    const picked = value.naicsCode;
    const naicsCode =
      codes.length === 0
        ? NO_NAICS_CODE
        : picked === NO_NAICS_CODE || codes.some((code) => code.code === picked)
          ? picked
          : undefined;
    return { segments: value.segments, naicsCode };
  },
  staysWhile: codeToChoose,
});

const email = step({
  id: "email",
  ...STEP_SCREENS.email,
  writes: ["email"],
  isComplete: (draft) => {
    // Complete while the email on file is the one last saved (Back may have changed it since).
    const parsed = emailSchema().safeParse(draft);
    return parsed.success && draft.submission?.email === parsed.data.email;
  },
  view: (draft) => ({ email: draft.email ?? "" }),
  schema: (_draft, _thisYear, locale) => emailSchema(locale),
  typed: (form) => ({ email: typedText(form, "email", TEXT_LIMITS.email) }),
  apply: ({ email }) => ({ email }),
  save: "email-step",
  continueToast: m.wizard_email_saved,
});

/**
 * A step's answers as the screen starts from them: each asked field's answer as last kept, or,
 * while it has none, the answer its field starts as (another's) or its first value.
 */
function answersView<Step extends AnswerStepId>(step: Step, draft: WizardDraft): StepAnswers<Step> {
  const answers = draft.answers ?? {};
  // Each of the step's asked columns, by its answer name, as StepAnswers spells it.
  return Object.fromEntries(
    columnsAskedOn(step).map((column) => {
      const { typed, startsAs, initial, shows } = askOf(column);
      const given = answers[answerName(column)];
      if (typed === "checkbox") return [answerName(column), given === true];
      const fromOther =
        startsAs && isAskedColumn(startsAs) ? answers[answerName(startsAs)] : undefined;
      const text =
        typeof given === "string"
          ? given
          : typeof fromOther === "string"
            ? fromOther
            : (initial ?? "");
      return [answerName(column), shows && text ? shows(text) : text];
    }),
  ) as StepAnswers<Step>;
}

/** The draft's answers with `values` in place of a step's own: undefined ones left out. */
function withAnswers(
  step: AnswerStepId,
  draft: WizardDraft,
  values: Record<string, unknown>,
): NonNullable<WizardDraft["answers"]> {
  const mine = new Set<string>(columnsAskedOn(step).map(answerName));
  const kept = Object.entries(draft.answers ?? {}).filter(([name]) => !mine.has(name));
  const given = Object.entries(values).filter(
    (entry): entry is [string, string | boolean] =>
      mine.has(entry[0]) && (typeof entry[1] === "string" || typeof entry[1] === "boolean"),
  );
  return Object.fromEntries([...kept, ...given]);
}

/** What Back keeps of a step's answers: each as typed, bounded (or whether its box is ticked). */
function typedAnswers(step: AnswerStepId, form: FormData, draft: WizardDraft) {
  const typed = Object.fromEntries(
    columnsAskedOn(step).map((column) => {
      const { typed: kept, normalise } = askOf(column);
      const name = answerName(column);
      if (kept === "checkbox") return [name, form.get(name) === CHECKBOX_TICKED];
      const value = form.get(name);
      return [
        name,
        typeof value === "string"
          ? withoutControlCharacters(normalise ? normalise(value) : value).slice(0, kept)
          : undefined,
      ];
    }),
  );
  return withAnswers(step, draft, typed);
}

/**
 * A step that asks fields of the registry (application-fields.ts): its checks, its view, what Back
 * keeps and what Continue writes are the answers'. Its view also gives what its checks read (this
 * year, the business's state), so that the screen checks the same way.
 */
function answersStep<Id extends AnswerStepId>(id: Id) {
  const context = (draft: WizardDraft, thisYear: number, locale: Locale) => ({
    thisYear,
    state: draft.state,
    locale,
    // Only About you names places (a ZIP code usually elsewhere), and English needs no names.
    placeNames: id === "about-you" && locale !== BASE_LOCALE ? placeNames(locale) : {},
  });
  const schema = (draft: WizardDraft, thisYear: number, locale: Locale = BASE_LOCALE) =>
    stepAnswersSchema(id, context(draft, thisYear, locale));
  return step({
    id,
    ...STEP_SCREENS[id],
    writes: ["answers"],
    isComplete: (draft, thisYear) => schema(draft, thisYear).safeParse(draft.answers ?? {}).success,
    view: (draft, { thisYear, locale }) => ({
      ...answersView(id, draft),
      ...context(draft, thisYear, locale),
      state: draft.state ?? "",
    }),
    schema,
    typed: (form, draft) => ({ answers: typedAnswers(id, form, draft) }),
    apply: (value: Answers, draft) => ({ answers: withAnswers(id, draft, value) }),
  });
}

const aboutYou = answersStep("about-you");

/** The wizard's steps, by id. */
export const STEPS = {
  "industry-and-state": industryAndState,
  segments,
  email,
  "business-name": answersStep("business-name"),
  "about-you": step({
    ...aboutYou,
    writes: ["answers", "textsConsent"],
    typed: (form, draft) => ({
      ...aboutYou.typed(form, draft),
      textsConsent: draft.textsConsent,
    }),
    /**
     * The answers, and the texts consent in the words the screen showed, which name the agency
     * behind the site (issue 26).
     */
    apply: (value: Answers, draft, request) => {
      // The words in the language the screen showed them in.
      const consentText = textsConsentText(request.agencyName, request.locale);
      return {
        ...aboutYou.apply(value, draft, request),
        // Evidence of consent: the words shown and when they were first agreed to.
        textsConsent:
          value.consentToTexts === true
            ? draft.textsConsent?.text === consentText
              ? draft.textsConsent
              : { text: consentText, givenAt: request.now.toISOString() }
            : undefined,
      };
    },
  }),
  ownership: step({
    ...answersStep("ownership"),
    save: "complete-application",
    continueToast: m.wizard_application_saved,
  }),
} as const satisfies { [Id in WizardStepId]: { id: Id } };

/** The steps in the order of WIZARD_STEP_ORDER. */
export const WIZARD_STEPS = WIZARD_STEP_ORDER.map((screen) => STEPS[screen.id]);

/** The step before this one (start has none). */
export function previousStep(id: WizardStepId): WizardStepId | undefined {
  const index = WIZARD_STEPS.findIndex((candidate) => candidate.id === id);
  return WIZARD_STEPS[index - 1]?.id;
}

/**
 * The first step before `id` whose part of the draft is missing: where a visitor who opens `id`
 * directly is sent. Undefined when every earlier step is complete.
 */
export function firstMissingStepBefore(
  id: WizardStepId,
  draft: WizardDraft,
  thisYear: number,
): WizardStepId | undefined {
  for (const candidate of WIZARD_STEPS) {
    if (candidate.id === id) return undefined;
    if (!candidate.isComplete(draft, thisYear)) return candidate.id;
  }
  return undefined;
}

/** The first step whose part of the draft is missing; undefined when the application is complete. */
export function firstIncompleteStep(
  draft: WizardDraft,
  thisYear: number,
): WizardStepId | undefined {
  return WIZARD_STEPS.find((candidate) => !candidate.isComplete(draft, thisYear))?.id;
}

/**
 * Every answer of a complete draft, as its step's checks give it. Throws when a step's answers do
 * not pass: the final save runs only once every step is complete.
 */
export function checkedAnswers(draft: WizardDraft, thisYear: number): Answers {
  const checked: Answers = {};
  for (const answersOf of WIZARD_STEPS) {
    if (!(answersOf.writes as readonly string[]).includes("answers")) continue;
    const schema = answersOf.schema(draft, thisYear, BASE_LOCALE);
    if (!schema) throw new Error(`The ${answersOf.id} step has nothing to check against`);
    Object.assign(checked, schema.parse(draft.answers ?? {}));
  }
  return checked;
}
