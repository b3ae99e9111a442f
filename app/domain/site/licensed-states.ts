/**
 * Only where the agency is licensed (issue 26, decision 031): an agency may arrange insurance only
 * for businesses in the states where it holds a licence (AGENCY_LICENSES), so the wizard goes past
 * step 1 only for those states. Elsewhere it stops at a page that says so, names the states the
 * agency serves and offers to note an email address to be told when that changes. While the sample
 * agency details are in use, no real licence is known and every state is open (every page then
 * says the site is not yet operated by a licensed agency). A licence past its expiry day
 * (AGENCY_LICENSES gives it) closes its state as if the agency had none there: the rules take the
 * day at the agency (AGENCY_TIME_ZONE), and the desk warns LICENSE_WARNING_DAYS before.
 *
 * Pure: the server applies these rules to every step, loader and action alike
 * (app/server/wizard/step-engine.server.ts, wizard-drafts.server.ts, quote-step.server.ts); the
 * not-licensed page's form is checked with the same schema in the browser and on the server.
 */
import type { Agency, AgencyLicense } from "#app/domain/site/agency.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { emailAddress } from "#app/domain/values/fields.ts";
import {
  isUsState,
  stateOfCode,
  US_STATES,
  uspsCode,
  type UsState,
} from "#app/domain/reference/states.ts";
import type { WizardStepId } from "#app/domain/wizard/wizard-screens.ts";
import { z } from "#app/domain/values/zod.ts";

/** What the rule reads of the agency: whether its details are samples, and its licences. */
export type AgencyLicensing = Pick<Agency, "sample" | "licenses">;

/** How many days before an agency licence expires the desk warns of it. */
export const LICENSE_WARNING_DAYS = 60;

/** Whether a licence is in force on `today` (YYYY-MM-DD): through its expiry day, if it has one. */
export function licenseInForce(license: { expires?: string | undefined }, today: string): boolean {
  return license.expires === undefined || license.expires >= today;
}

/**
 * Whether the agency may take an application from a business in `state` on `today` (the day at
 * the agency, YYYY-MM-DD): sample details open all; otherwise a licence there that has not expired.
 */
export function agencyServes(agency: AgencyLicensing, state: UsState, today: string): boolean {
  if (agency.sample) return true;
  const code = uspsCode(state);
  return agency.licenses.some(
    (license) => license.state === code && licenseInForce(license, today),
  );
}

/**
 * The state a wizard draft names when the agency does not serve it: where the wizard stops. A
 * draft with no state (or text that is not one of the 50, which step 1's schema refuses) names
 * none here; the steps' own rules send it back to step 1.
 */
export function unservedStateOf(
  agency: AgencyLicensing,
  draft: { state?: string | undefined },
  today: string,
): UsState | undefined {
  const { state } = draft;
  if (state === undefined || !isUsState(state)) return undefined;
  return agencyServes(agency, state, today) ? undefined : state;
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
  today: string,
): UsState | undefined {
  return id === "industry-and-state" ? undefined : unservedStateOf(agency, draft, today);
}

/** The states the agency serves, by name, in alphabetical order (every state for the sample). */
export function servedStates(agency: AgencyLicensing, today: string): UsState[] {
  return US_STATES.filter((state) => agencyServes(agency, state, today));
}

/** The number of days from `from` to `to` (both YYYY-MM-DD); negative when `to` is before. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** An agency licence the desk warns of: expired, or expiring within LICENSE_WARNING_DAYS. */
export interface LicenseWarning {
  license: AgencyLicense & { expires: string };
  /** Days left until the expiry day, that day counted as 0; negative once it has passed. */
  daysLeft: number;
  expired: boolean;
}

/**
 * The agency's licences that have expired or expire within LICENSE_WARNING_DAYS of `today`, the
 * soonest first (none for the sample, whose licences are not real).
 */
export function licenseWarnings(agency: AgencyLicensing, today: string): LicenseWarning[] {
  if (agency.sample) return [];
  return agency.licenses
    .flatMap((license) => {
      if (license.expires === undefined) return [];
      const daysLeft = daysBetween(today, license.expires);
      if (daysLeft > LICENSE_WARNING_DAYS) return [];
      return [
        { license: { ...license, expires: license.expires }, daysLeft, expired: daysLeft < 0 },
      ];
    })
    .sort((a, b) => a.daysLeft - b.daysLeft);
}

/** What the desk says of a licence warning, in a sentence. */
export function licenseWarningText(warning: LicenseWarning): string {
  const { license, daysLeft } = warning;
  const stateName = stateOfCode(license.state) ?? license.state;
  const which = `The agency's ${stateName} licence (${license.number})`;
  if (warning.expired) {
    return `${which} expired on ${license.expires}: the site takes no application from ${stateName} until AGENCY_LICENSES gives its renewed expiry.`;
  }
  const when = daysLeft === 0 ? "today" : daysLeft === 1 ? "tomorrow" : `in ${daysLeft} days`;
  return `${which} expires on ${license.expires} (${when}). Renew it and update AGENCY_LICENSES, or the site stops taking applications from ${stateName} after that day.`;
}

/**
 * The not-licensed page's form: an address to tell when the agency can help in the visitor's
 * state. The state is the draft's, never the form's: a form cannot put an address on another
 * state's list.
 */
export function stateWaitlistSchema(locale: Locale = BASE_LOCALE) {
  return z.object({ email: emailAddress(undefined, locale) });
}
