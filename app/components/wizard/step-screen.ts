/**
 * What a wizard step's screen is built from, in one import: `import * as ui from
 * "#app/components/wizard/step-screen.ts"`. The screen keeps only its own words and controls; the
 * frame, the form's state and the shared classes come from here.
 */
export * from "./step-frame.tsx";
export * from "./use-step-form.ts";
export * from "./wizard-meta.ts";
export * from "./step-delay.ts";
export { useHydrated } from "#app/hooks/use-hydrated.ts";
