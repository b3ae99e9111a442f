import { useRouteLoaderData } from "react-router";

import { agencyStamp, agencyTitle, licensesText, type Agency } from "#app/domain/site/agency.ts";
import { m } from "#app/paraglide/messages.js";
import { useLocale } from "#app/hooks/use-locale.ts";
import type { RootData } from "#app/domain/site/root-data.ts";

/** The agency the site names, from the root loader (undefined on an error screen without it). */
export function useAgency(): Agency | undefined {
  return useRouteLoaderData<RootData>("root")?.agency;
}

/**
 * Who the insurance agency is: its legal name and home state, NPN, state licences, address and
 * phone, on every page (issue 15; Cal. Ins. Code 1726 asks for the name and licence number). Sample
 * details say so, and that no licensed agency operates the site yet (decision 031).
 */
export function AgencyIdentity({ className = "" }: { className?: string }) {
  const agency = useAgency();
  const locale = useLocale();
  if (!agency) return null;
  const identity = {
    agency: agencyTitle(agency, locale),
    npn: agency.npn,
    licenses: licensesText(agency.licenses),
    address: agency.address,
    phone: agency.phone,
  };
  return (
    <p className={className} data-agency={agencyStamp(agency)}>
      {m.agency_identity(identity, { locale })}
      {agency.sample ? (
        <strong className="ml-1 font-semibold">{m.agency_sample_note({}, { locale })}</strong>
      ) : null}
    </p>
  );
}

/**
 * While the sample agency details are in use, a slim notice at the top of every page (the first
 * thing in its main content, under the fixed header) says plainly that the site is not yet
 * operated by a licensed agency (decision 031). Nothing once the agency's own details are set.
 */
export function SampleSiteNotice() {
  const agency = useAgency();
  const locale = useLocale();
  if (!agency?.sample) return null;
  return (
    <p
      className="border-b border-accent-500 bg-accent-100 px-4 py-2 text-center text-sm font-medium text-ink"
      data-sample-notice=""
    >
      {m.agency_sample_note({}, { locale })}
    </p>
  );
}
