/**
 * The part of the wizard's step table (wizard-steps.ts, decision 018) that a screen reads in the
 * browser: each step's path, the progress step it marks, where Continue goes, and the Quote step
 * after them. The table builds its entries from these, and adds what only the server runs (views,
 * writes, saves, toasts); screens and links import this module instead, so that none of that is
 * shipped with the wizard's scripts (issue 18).
 *
 * Pure and small: the browser and the server read the same paths.
 */

/** The progress bar's five labelled steps (SPEC section 2). */
export const PROGRESS_STEPS = ["Start", "Coverage", "Application", "Quote", "Purchase"] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/** The plan page's path: the wizard's Quote step, after the application (decision 017). */
export const QUOTE_STEP_PATH = "/business-wizard/quote";

/**
 * The form field by which a screen whose scripts run asks to stay for the step's toast after its
 * save (it then moves on itself, after the spec's pause); without it the answer is a redirect.
 */
export const SCRIPTED_FIELD = "scripted";

/** Where a step's screen is, which progress step it marks active, and where Continue goes. */
export interface StepScreen {
  path: string;
  /** Which progress step the screen marks active; the ones before it are complete. */
  progress: ProgressStep;
  /** Where Continue goes. */
  next: string;
}

const PATHS = {
  start: "/business-wizard",
  segments: "/business-wizard/segments",
  email: "/business-wizard/email",
  "questionnaire-1": "/business-wizard/questionnaire-1",
  "questionnaire-2": "/business-wizard/questionnaire-2",
  "questionnaire-3": "/business-wizard/questionnaire-3",
} as const;

/** Each step's screen, by step id (the steps' order is the table's, WIZARD_STEPS). */
export const STEP_SCREENS = {
  start: { path: PATHS.start, progress: "Start", next: PATHS.segments },
  segments: { path: PATHS.segments, progress: "Start", next: PATHS.email },
  email: { path: PATHS.email, progress: "Start", next: PATHS["questionnaire-1"] },
  "questionnaire-1": {
    path: PATHS["questionnaire-1"],
    progress: "Coverage",
    next: PATHS["questionnaire-2"],
  },
  "questionnaire-2": {
    path: PATHS["questionnaire-2"],
    progress: "Application",
    next: PATHS["questionnaire-3"],
  },
  // The Quote step follows the application (decision 017).
  "questionnaire-3": {
    path: PATHS["questionnaire-3"],
    progress: "Application",
    next: QUOTE_STEP_PATH,
  },
} as const satisfies Record<keyof typeof PATHS, StepScreen>;

export type WizardStepId = keyof typeof STEP_SCREENS;

/** The wizard's screens with a progress bar: the steps, and the Quote step after them. */
export type WizardScreen = WizardStepId | "quote";

/** Which progress step a screen marks active. */
export function activeProgressStep(screen: WizardScreen): ProgressStep {
  return screen === "quote" ? "Quote" : STEP_SCREENS[screen].progress;
}

/** The path of a step. */
export function stepPath(id: WizardStepId): string {
  return STEP_SCREENS[id].path;
}
