/**
 * What a wizard step's screen is built from, in one import: `import * as ui from
 * "#app/components/wizard/step-screen.ts"`. The screen keeps only its own words and controls; the
 * frame, the form's state and the shared classes come from here.
 */
export * from "#app/components/wizard/step-frame.tsx";
export * from "#app/components/wizard/use-step-form.ts";
export * from "#app/components/wizard/wizard-meta.ts";
export * from "#app/components/wizard/step-delay.ts";
export { useHydrated } from "#app/hooks/use-hydrated.ts";
