import { useRouteLoaderData } from "react-router";

import { agencyStamp, licensesText, SAMPLE_AGENCY_NOTE, type Agency } from "#app/domain/agency.ts";
import type { loader as rootLoader } from "#app/root.tsx";

/** The agency the site names, from the root loader (undefined on an error screen without it). */
export function useAgency(): Agency | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.agency;
}

/**
 * Who the insurance agency is: its legal name, NPN, state licences, address and phone, on every
 * page (issue 15; Cal. Ins. Code 1726 asks for the name and licence number). Sample details say so.
 */
export function AgencyIdentity({ className = "" }: { className?: string }) {
  const agency = useAgency();
  if (!agency) return null;
  return (
    <p className={className} data-agency={agencyStamp(agency)}>
      Insurance services are provided by {agency.name}, a licensed insurance agency. National
      Producer Number {agency.npn}. State licences: {licensesText(agency.licenses)}.{" "}
      {agency.address}. {agency.phone}.
      {agency.sample ? <strong className="ml-1 font-semibold">{SAMPLE_AGENCY_NOTE}</strong> : null}
    </p>
  );
}
