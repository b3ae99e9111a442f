/**
 * The part of the wizard's step table (wizard-steps.ts, decision 018) that a screen reads in the
 * browser: each step's path, the progress step it marks, where Continue goes, and the Quote step
 * after them. The table builds its entries from these, and adds what only the server runs (views,
 * writes, saves, toasts); screens and links import this module instead, so that none of that is
 * shipped with the wizard's scripts (issue 18).
 *
 * Pure and small: the browser and the server read the same paths.
 */

/** The progress bar's five labelled steps (docs/product.md, "Pages and addresses"). */
export const PROGRESS_STEPS = ["Start", "Coverage", "Application", "Quote", "Purchase"] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/** Where the wizard starts (the first step's screen); every wizard screen's path is below it. */
export const WIZARD_PATH = "/business-wizard";

/** The plan page's path: the wizard's Quote step, after the application (decision 017). */
export const QUOTE_STEP_PATH = `${WIZARD_PATH}/quote`;
/** Where the visitor sees their policy once the agency has bound it. */
export const POLICY_PATH = `${WIZARD_PATH}/policy`;
/** Where the visitor of a bound policy asks for a certificate of insurance. */
export const CERTIFICATE_REQUEST_PATH = `${POLICY_PATH}/certificate`;
/** Where the visitor asks for their policy's renewal (the reminder's link opens it). */
export const RENEWAL_REQUEST_PATH = `${POLICY_PATH}/renewal`;
/** Where the visitor compares the published quotes. */
export const QUOTES_PATH = `${WIZARD_PATH}/quotes`;
/** Where the visitor asks to bind one quote, as a route's pattern (bindPath fills it in). */
export const BIND_PATH_PATTERN = `${QUOTES_PATH}/:quoteId/bind`;
/** Where "Request my quotes" leads: the request's reference and what happens next. */
export const QUOTE_REQUESTED_PATH = `${QUOTE_STEP_PATH}/requested`;

/**
 * The page a visitor from a state the agency does not serve is stopped at (decision 031,
 * licensed-states.ts).
 */
export const NOT_LICENSED_PATH = `${WIZARD_PATH}/not-licensed`;

/** A complete application, read only (issue 8). */
export const SUMMARY_PATH = `${WIZARD_PATH}/summary`;

/**
 * The form field by which a screen whose scripts run asks to stay for the step's toast after its
 * save (it then moves on itself, after the spec's pause); without it the answer is a redirect.
 */
export const SCRIPTED_FIELD = "scripted";

/**
 * What a step's form asks for by its `intent`: Continue (checked, saved, on to the next step),
 * Back (kept as typed, to the step before), or the same step in another language
 * (`language:es`: kept as typed, so that switching language loses nothing typed).
 */
export const STEP_INTENTS = { continue: "continue", back: "back" } as const;

/** The intent of a step's switch to `language`. */
export function languageIntent(language: string): string {
  return `language:${language}`;
}

/** The language a step's form asks for by its intent, if it is a switch of language. */
export function languageAsked(intent: unknown): string | undefined {
  return typeof intent === "string" ? /^language:([a-z]{2})$/.exec(intent)?.[1] : undefined;
}

/** Whether a form's submitter asks for its fields unchecked (Back, or a switch of language). */
export function skipsChecks(intent: unknown): boolean {
  return intent === STEP_INTENTS.back || languageAsked(intent) !== undefined;
}

/** Where a step's screen is, which progress step it marks active, and where Continue goes. */
export interface StepScreen {
  path: string;
  /** Which progress step the screen marks active; the ones before it are complete. */
  progress: ProgressStep;
  /** Where Continue goes. */
  next: string;
}

/**
 * The wizard's steps in order, the one place their order is written: each named by what it asks,
 * at its URL (the original URLs stay: the ids are names, the paths are addresses), with the progress
 * step it marks and the label the lead desk's funnel shows. Next and previous, progress and the
 * funnel's stages are derived from this list; the step table (wizard-steps.ts) adds what the server
 * runs for each. The funnel stores these ids: renaming one needs a migration of its rows, as
 * database/migrations/0021-step-ids-by-what-they-ask.ts did.
 */
export const WIZARD_STEP_ORDER = [
  { id: "industry-and-state", path: WIZARD_PATH, progress: "Start", label: "Industry and state" },
  { id: "segments", path: `${WIZARD_PATH}/segments`, progress: "Start", label: "Segments" },
  { id: "email", path: `${WIZARD_PATH}/email`, progress: "Start", label: "Email" },
  {
    id: "business-name",
    path: `${WIZARD_PATH}/questionnaire-1`,
    progress: "Coverage",
    label: "Business name",
  },
  {
    id: "about-you",
    path: `${WIZARD_PATH}/questionnaire-2`,
    progress: "Application",
    label: "About you",
  },
  {
    id: "ownership",
    path: `${WIZARD_PATH}/questionnaire-3`,
    progress: "Application",
    label: "Ownership",
  },
] as const satisfies readonly {
  id: string;
  path: string;
  progress: ProgressStep;
  /** The funnel's name for the step. */
  label: string;
}[];

export type WizardStepId = (typeof WIZARD_STEP_ORDER)[number]["id"];

/**
 * Each step's screen, by step id: Continue goes to the next step in the list, and from the last
 * to the Quote step (decision 017).
 */
export const STEP_SCREENS = Object.fromEntries(
  WIZARD_STEP_ORDER.map((step, index) => [
    step.id,
    {
      path: step.path,
      progress: step.progress,
      next: WIZARD_STEP_ORDER[index + 1]?.path ?? QUOTE_STEP_PATH,
    },
  ]),
  // Built from the list above, which names every id once: the type says what it holds.
) as Record<WizardStepId, StepScreen>;

/** The wizard's first step. */
export const FIRST_STEP: WizardStepId = WIZARD_STEP_ORDER[0].id;

/**
 * The wizard's screens with a progress bar: the steps, the Quote step after them, and the quotes
 * the agency sends (issue 29), which are still the Quote stage: Purchase is the policy.
 */
export type WizardScreen = WizardStepId | "quote" | "quotes" | "bind" | "policy";

/**
 * Which progress step a screen marks active: a request to bind is Purchase, and a bound policy
 * marks none, every step being complete.
 */
export function activeProgressStep(screen: WizardScreen): ProgressStep | undefined {
  if (screen === "policy") return undefined;
  if (screen === "bind") return "Purchase";
  return screen === "quote" || screen === "quotes" ? "Quote" : STEP_SCREENS[screen].progress;
}

/** Whether a path (without its language) is one of the steps' screens. */
export function isStepPath(path: string): boolean {
  return WIZARD_STEP_ORDER.some((step) => step.path === path);
}

/** The path of a step. */
export function stepPath(id: WizardStepId): string {
  return STEP_SCREENS[id].path;
}

/**
 * The steps' former ids and their ids now (issue 27): migration 0021 renamed the funnel's rows by
 * this list, and the funnel's cookie may still name a step as it was. Frozen: an applied migration
 * reads it.
 */
export const FUNNEL_STEP_RENAMES = {
  start: "industry-and-state",
  "questionnaire-1": "business-name",
  "questionnaire-2": "about-you",
  "questionnaire-3": "ownership",
} as const satisfies Record<string, WizardStepId>;
