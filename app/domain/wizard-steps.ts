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
import { formatUsPhone } from "#app/domain/phone.ts";
import {
  choiceOfSegments,
  NO_NAICS_CODE,
  SEGMENT_TEXT_MAX,
  segmentsAreValid,
  segmentsSchema,
  typedSegments,
} from "#app/domain/segment-choice.ts";
import { withoutControlCharacters, joinLines } from "#app/domain/text.ts";
import { messages } from "#app/domain/messages.ts";
import type { IndustryId } from "#app/domain/industries.ts";
import { CHECKBOX_TICKED } from "#app/domain/fields.ts";
import {
  ABOUT_YOU_TEXT_LIMITS,
  aboutYouSchema,
  businessNameSchema,
  draftIndustry,
  emailSchema,
  industryStateSchema,
  ownershipSchema,
  TEXT_LIMITS,
  textsConsentText,
  type WizardDraft,
} from "#app/domain/wizard.ts";
import type { z } from "#app/domain/zod.ts";
import {
  STEP_SCREENS,
  WIZARD_STEP_ORDER,
  type StepScreen,
  type WizardStepId,
} from "#app/domain/wizard-screens.ts";

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
  /** The licensed agency behind the site (Agency.name): the texts consent names it (issue 26). */
  agencyName: string;
  /**
   * The NAICS codes closest to what was typed (app/domain/naics.ts, given by the server so that
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
  /** What Continue is checked with; undefined when the draft gives nothing to check against. */
  schema(draft: WizardDraft, thisYear: number): z.ZodMiniType<Value> | undefined;
  /** What Back keeps: the form as typed, unchecked but bounded in length and count. */
  typed(form: FormData, draft: WizardDraft): Pick<WizardDraft, Writes>;
  /** What Continue writes from the checked form. */
  apply(value: Value, draft: WizardDraft, request: StepRequest): Pick<WizardDraft, Writes>;
  /** The server's own save on Continue, if any. */
  save?: StepSave;
  /** While this holds after Continue, the step shows again instead (other's code to choose). */
  staysWhile?: (draft: WizardDraft) => boolean;
  /** The toast the next screen shows after Continue, if any. */
  continueToast?: string;
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
  isComplete: (draft) => industryStateSchema.safeParse(draft).success,
  view: (draft, { searchParams }) => {
    // An industry named in the link (?industry=) is chosen already.
    const linked = searchParams.get("industry") ?? "";
    const industry: IndustryId | "" =
      draftIndustry({ industry: linked })?.id ?? draftIndustry(draft)?.id ?? "";
    return { industry, state: draft.state ?? "" };
  },
  schema: () => industryStateSchema,
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
  view: (draft, { suggestIndustryCodes }) => {
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
      ...choice,
      codes: codes.map(({ code, title }) => ({ code, title })),
      naicsCode: draft.naicsCode ?? "",
    };
  },
  schema: (draft) => {
    const industry = draftIndustry(draft);
    return industry ? segmentsSchema(industry) : undefined;
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
    const parsed = emailSchema.safeParse(draft);
    return parsed.success && draft.submission?.email === parsed.data.email;
  },
  view: (draft) => ({ email: draft.email ?? "" }),
  schema: () => emailSchema,
  typed: (form) => ({ email: typedText(form, "email", TEXT_LIMITS.email) }),
  apply: ({ email }) => ({ email }),
  save: "email-step",
  continueToast: messages.emailSaved,
});

const businessName = step({
  id: "business-name",
  ...STEP_SCREENS["business-name"],
  writes: ["businessName"],
  isComplete: (draft) => businessNameSchema.safeParse(draft).success,
  view: (draft) => ({ businessName: draft.businessName ?? "" }),
  schema: () => businessNameSchema,
  typed: (form) => ({
    businessName: typedText(form, "businessName", TEXT_LIMITS.businessName),
  }),
  apply: ({ businessName }) => ({ businessName }),
});

/**
 * What questionnaire 2's Continue writes: the answers, and the texts consent in the words the
 * screen showed, which name the agency behind the site (issue 26).
 */
function aboutYouWrites(
  value: z.output<typeof aboutYouSchema>,
  draft: WizardDraft,
  { now, agencyName }: StepRequest,
): Pick<WizardDraft, "aboutYou" | "textsConsent"> {
  const consentText = textsConsentText(agencyName);
  return {
    aboutYou: value,
    // Evidence of consent: the words shown and when they were first agreed to.
    textsConsent: value.consentToTexts
      ? draft.textsConsent?.text === consentText
        ? draft.textsConsent
        : { text: consentText, givenAt: now.toISOString() }
      : undefined,
  };
}

const aboutYou = step({
  id: "about-you",
  ...STEP_SCREENS["about-you"],
  writes: ["aboutYou", "textsConsent"],
  isComplete: (draft) => aboutYouSchema.safeParse(draft.aboutYou ?? {}).success,
  view: (draft) => {
    const about = draft.aboutYou ?? {};
    const text = (key: keyof typeof ABOUT_YOU_TEXT_LIMITS | "sameAddress") => {
      const value = about[key];
      return typeof value === "string" ? value : "";
    };
    const phone = text("phoneNumber");
    return {
      firstName: text("firstName"),
      lastName: text("lastName"),
      phoneNumber: /^\+1\d{10}$/.test(phone) ? formatUsPhone(phone) : phone,
      consentToTexts: about.consentToTexts === true,
      // The legal name starts as the business name entered before (docs/product.md, "The saved application").
      legalBusinessName:
        typeof about.legalBusinessName === "string"
          ? about.legalBusinessName
          : (draft.businessName ?? ""),
      streetAddress: text("streetAddress"),
      unit: text("unit"),
      sameAddress: text("sameAddress") || "Yes",
      mailingAddress: text("mailingAddress"),
    };
  },
  schema: () => aboutYouSchema,
  typed: (form, draft) => {
    const field = (name: keyof typeof ABOUT_YOU_TEXT_LIMITS) =>
      typedText(form, name, ABOUT_YOU_TEXT_LIMITS[name]);
    const mailing = form.get("mailingAddress");
    return {
      aboutYou: {
        firstName: field("firstName"),
        lastName: field("lastName"),
        phoneNumber: field("phoneNumber"),
        consentToTexts: form.get("consentToTexts") === CHECKBOX_TICKED,
        legalBusinessName: field("legalBusinessName"),
        streetAddress: field("streetAddress"),
        unit: field("unit"),
        sameAddress: form.get("sameAddress") === "No" ? "No" : "Yes",
        // Its lines kept apart by ", ", as the schema keeps them.
        mailingAddress:
          typeof mailing === "string"
            ? withoutControlCharacters(joinLines(mailing)).slice(
                0,
                ABOUT_YOU_TEXT_LIMITS.mailingAddress,
              )
            : undefined,
      },
      textsConsent: draft.textsConsent,
    };
  },
  apply: aboutYouWrites,
});

const ownership = step({
  id: "ownership",
  ...STEP_SCREENS.ownership,
  writes: ["ownership"],
  isComplete: (draft, thisYear) =>
    ownershipSchema(thisYear).safeParse(draft.ownership ?? {}).success,
  view: (draft, { thisYear }) => ({
    ownershipStructure: draft.ownership?.ownershipStructure ?? "",
    startYear: draft.ownership?.startYear ?? "",
    thisYear,
  }),
  schema: (_draft, thisYear) => ownershipSchema(thisYear),
  typed: (form) => ({
    ownership: {
      ownershipStructure: typedText(form, "ownershipStructure", 100),
      startYear: typedText(form, "startYear", 10),
    },
  }),
  apply: (value) => ({ ownership: value }),
  save: "complete-application",
  continueToast: messages.applicationSaved,
});

/** The wizard's steps, by id. */
export const STEPS = {
  "industry-and-state": industryAndState,
  segments,
  email,
  "business-name": businessName,
  "about-you": aboutYou,
  ownership,
} as const satisfies { [Id in WizardStepId]: { id: Id } };

/** The steps in the order of WIZARD_STEP_ORDER. */
export const WIZARD_STEPS = WIZARD_STEP_ORDER.map((screen) => STEPS[screen.id]);

/** The step before this one (start has none). */
export function previousStep(id: WizardStepId): WizardStepId | undefined {
  const index = WIZARD_STEPS.findIndex((candidate) => candidate.id === id);
  return WIZARD_STEPS[index - 1]?.id;
}

/** Whether a step's part of the draft is complete and valid. */
export function isStepComplete(id: WizardStepId, draft: WizardDraft, thisYear: number): boolean {
  return STEPS[id].isComplete(draft, thisYear);
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
