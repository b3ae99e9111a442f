/**
 * Only where the agency is licensed (issue 26, decision 031): an agency may arrange insurance only
 * for businesses in the states where it holds a licence (AGENCY_LICENSES), so the wizard goes past
 * step 1 only for those states. Elsewhere it stops at a page that says so, names the states the
 * agency serves and offers to note an email address to be told when that changes. While the sample
 * agency details are in use, no real licence is known and every state is open (every page then
 * says the site is not yet operated by a licensed agency).
 *
 * Pure: the server applies these rules to every step, loader and action alike
 * (app/server/wizard/step-engine.server.ts, wizard-drafts.server.ts, quote-step.server.ts); the
 * not-licensed page's form is checked with the same schema in the browser and on the server.
 */
import type { Agency } from "#app/domain/site/agency.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { emailAddress } from "#app/domain/values/fields.ts";
import { isUsState, US_STATES, uspsCode, type UsState } from "#app/domain/reference/states.ts";
import type { WizardStepId } from "#app/domain/wizard/wizard-screens.ts";
import { z } from "#app/domain/values/zod.ts";

/** What the rule reads of the agency: whether its details are samples, and its licences. */
export type AgencyLicensing = Pick<Agency, "sample" | "licenses">;

/** Whether the agency may take an application from a business in `state`: sample details open all. */
export function agencyServes(agency: AgencyLicensing, state: UsState): boolean {
  if (agency.sample) return true;
  const code = uspsCode(state);
  return agency.licenses.some((license) => license.state === code);
}

/**
 * The state a wizard draft names when the agency does not serve it: where the wizard stops. A
 * draft with no state (or text that is not one of the 50, which step 1's schema refuses) names
 * none here; the steps' own rules send it back to step 1.
 */
export function unservedStateOf(
  agency: AgencyLicensing,
  draft: { state?: string | undefined },
): UsState | undefined {
  const { state } = draft;
  if (state === undefined || !isUsState(state)) return undefined;
  return agencyServes(agency, state) ? undefined : state;
}

/**
 * The state that keeps a visitor from step `id` (its screen and its save) with this draft: every
 * step after the first, which asks the state, needs one the agency serves. Undefined: the step may
 * go on (its other rules permitting).
 */
export function stateStoppingStep(
  id: WizardStepId,
  agency: AgencyLicensing,
  draft: { state?: string | undefined },
): UsState | undefined {
  return id === "industry-and-state" ? undefined : unservedStateOf(agency, draft);
}

/** The states the agency serves, by name, in alphabetical order (every state for the sample). */
export function servedStates(agency: AgencyLicensing): UsState[] {
  return US_STATES.filter((state) => agencyServes(agency, state));
}

/**
 * The not-licensed page's form: an address to tell when the agency can help in the visitor's
 * state. The state is the draft's, never the form's: a form cannot put an address on another
 * state's list.
 */
export function stateWaitlistSchema(locale: Locale = BASE_LOCALE) {
  return z.object({ email: emailAddress(undefined, locale) });
}
