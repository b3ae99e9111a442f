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

/**
 * The id of what a form just confirmed on a wizard page (StepFrame's `confirmation`), and the
 * address after the post names it as its fragment (confirmedPath), so that without JavaScript the
 * browser scrolls to it and focuses it (decision 055).
 */
export const CONFIRMATION_ID = "confirmation";

/** `path` (with its query) opened at its confirmation. */
export function confirmedPath(path: string): string {
  return `${path}#${CONFIRMATION_ID}`;
}

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
export type WizardScreen = WizardStepId | "summary" | "quote" | "quotes" | "bind" | "policy";

/**
 * How far an application has gone (issue 53), furthest last: still being filled in, complete (its
 * coverage plan), quotes asked for, quotes published, a quote chosen (a request to bind), a
 * policy bound. What the application's newest quote request holds decides it
 * (applicationStage in app/server/wizard/application-stage.server.ts); a renewal asked for
 * after a policy was bound is still "bound" until its quotes are published.
 */
export const APPLICATION_STAGES = [
  "application",
  "plan",
  "requested",
  "quoted",
  "bind-requested",
  "bound",
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

/** What an application's stage is read from (applicationStage gathers it). */
export interface StageFacts {
  complete: boolean;
  /** The newest quote request, if any: whether it has quotes published, and its request to bind. */
  newest: { quoted: boolean; bind: "none" | "requested" | "bound" } | undefined;
  /** Whether any policy of the application is bound (a renewal's request comes after it). */
  bound: boolean;
}

/** The stage these facts make. */
export function stageOf(facts: StageFacts): ApplicationStage {
  const { newest } = facts;
  if (newest?.bind === "bound") return "bound";
  if (newest?.bind === "requested") return "bind-requested";
  if (newest?.quoted) return "quoted";
  if (facts.bound) return "bound";
  if (newest) return "requested";
  return facts.complete ? "plan" : "application";
}

/**
 * Where a customer at `stage` lands (an emailed link, a page that shows them where they are): an
 * application not complete at its first missing step (`next`), a complete one on its coverage
 * plan, quotes asked for or chosen on the quotes page (what is being gathered, the agency's
 * questions, the documents, the choice), a bound policy on "Your policy".
 */
export function stageLanding(stage: ApplicationStage, next: WizardStepId | undefined): string {
  switch (stage) {
    case "application":
      return next ? stepPath(next) : QUOTE_STEP_PATH;
    case "plan":
      return QUOTE_STEP_PATH;
    case "requested":
    case "quoted":
    case "bind-requested":
      return QUOTES_PATH;
    case "bound":
      return POLICY_PATH;
  }
}

/** The progress step a stage has reached (undefined: every step complete, a bound policy). */
function stageProgress(stage: ApplicationStage): ProgressStep | undefined {
  switch (stage) {
    case "application":
      return "Start";
    case "plan":
    case "requested":
    case "quoted":
      return "Quote";
    case "bind-requested":
      return "Purchase";
    case "bound":
      return undefined;
  }
}

/** A progress step's place (every step complete counts after the last). */
function progressIndex(step: ProgressStep | undefined): number {
  return step ? PROGRESS_STEPS.indexOf(step) : PROGRESS_STEPS.length;
}

/**
 * Which progress step a screen marks active: a request to bind is Purchase, and a bound policy
 * marks none, every step being complete. A screen that shows where the customer is (the summary,
 * the plan, the quotes) is given the application's `stage`, and marks no step before it: a
 * finished application's summary is at Quote, the quotes after a quote was chosen at Purchase,
 * and after a policy was bound every step is complete (issue 53).
 */
export function activeProgressStep(
  screen: WizardScreen,
  stage?: ApplicationStage,
): ProgressStep | undefined {
  const own =
    screen === "policy"
      ? undefined
      : screen === "bind"
        ? "Purchase"
        : screen === "quote" || screen === "quotes"
          ? "Quote"
          : screen === "summary"
            ? "Application"
            : STEP_SCREENS[screen].progress;
  if (stage === undefined) return own;
  const reached = stageProgress(stage);
  return progressIndex(reached) > progressIndex(own) ? reached : own;
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
