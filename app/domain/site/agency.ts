/**
 * The agency behind the site: its legal name, home state, National Producer Number, state licences,
 * address and phone (issue 15). Several states require a site that quotes their residents to name
 * the agency and its licence number (Cal. Ins. Code 1726), so it shows in every page's footer, on
 * the plan page and in every email. Set by AGENCY_* settings; until then the sample below shows,
 * marked as a sample, and every page says the site is not yet operated by a licensed agency
 * (decision 031).
 */
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { stateOfCode, uspsCode } from "#app/domain/reference/states.ts";
import { normalizeUsPhone } from "#app/domain/values/phone.ts";

/**
 * One state licence: the state's two-letter code, the licence number it issued and, where the
 * setting gives it, the last day it is in force (YYYY-MM-DD): past that day the state is closed as
 * an unlicensed one is (licensed-states.ts), and the desk warns LICENSE_WARNING_DAYS before.
 */
export interface AgencyLicense {
  state: string;
  number: string;
  expires?: string;
}

export interface Agency {
  name: string;
  /** The two-letter code of the state the agency is based in (its home, or resident, state). */
  homeState: string;
  npn: string;
  licenses: readonly AgencyLicense[];
  address: string;
  /** The agency's phone as it writes it (AGENCY_PHONE): the one line every page and email names. */
  phone: string;
  /**
   * A second line for existing customers (AGENCY_SERVICE_PHONE), where the agency has one: shown
   * beside the first for a policy or a change; unset, every page names the one phone.
   */
  servicePhone?: string;
  /** Where replies to the site's emails go (AGENCY_EMAIL, the emails' Reply-To). */
  email: string;
  /** When the agency answers its phone, as it writes it (AGENCY_HOURS); unset, no hours shown. */
  hours?: string;
  /** The agency's social profiles (AGENCY_SOCIAL_LINKS): the footer's links and JSON-LD sameAs. */
  social: readonly SocialLink[];
  /** True while any of the required settings is unset: the page then says these are sample details. */
  sample: boolean;
  /**
   * The agency's promise to contact a visitor who asks for quotes, in hours (AGENCY_RESPONSE_HOURS);
   * undefined: the site promises no time (decision 038).
   */
  responseHours?: number;
}

/** One of the agency's social profiles: the network's name (from the address) and the address. */
export interface SocialLink {
  name: string;
  href: string;
}

/**
 * The sample details shown until the agency's own are set: no hours and no social profiles (the
 * site shows none but the agency's), and an address at a reserved domain (RFC 2606) to which no
 * email is ever addressed: a sample site's emails carry no Reply-To.
 */
export const SAMPLE_AGENCY: Omit<Agency, "sample" | "social"> & { social: readonly [] } = {
  name: "CoverPilot Insurance Services LLC",
  homeState: "TX",
  npn: "00000000",
  licenses: [
    { state: "CA", number: "0K00000" },
    { state: "TX", number: "0000000" },
  ],
  address: "100 Sample Street, Suite 1, Austin, TX 78701",
  phone: "(888) 555-0199",
  email: "agency@coverpilot.example",
  social: [],
};

/**
 * Shown beside sample details (the footer, the plan, every email) and at the top of every page:
 * plainly, that no licensed agency runs the site yet (decision 031).
 */
export const SAMPLE_AGENCY_NOTE = m.agency_sample_note({}, { locale: BASE_LOCALE });

/** The AGENCY_* settings, as the environment's schema gives them (app/server/env.server.ts). */
export interface AgencySettings {
  AGENCY_NAME?: string;
  AGENCY_HOME_STATE?: string;
  AGENCY_NPN?: string;
  AGENCY_LICENSES?: readonly AgencyLicense[];
  AGENCY_ADDRESS?: string;
  AGENCY_PHONE?: string;
  AGENCY_EMAIL?: string;
  AGENCY_SERVICE_PHONE?: string;
  AGENCY_HOURS?: string;
  AGENCY_SOCIAL_LINKS?: readonly SocialLink[];
  AGENCY_RESPONSE_HOURS?: number;
}

/**
 * The agency the site names (header, footer, contact pages, plan page, emails): the settings, or
 * while any required one is unset the sample. The optional ones (a second phone, the hours, the
 * social profiles, the promise to call back) are the agency's either way.
 */
export function agencyFrom(settings: AgencySettings): Agency {
  const { AGENCY_NAME, AGENCY_HOME_STATE, AGENCY_NPN, AGENCY_LICENSES } = settings;
  const { AGENCY_ADDRESS, AGENCY_PHONE, AGENCY_EMAIL, AGENCY_RESPONSE_HOURS } = settings;
  const optional = {
    ...(AGENCY_RESPONSE_HOURS === undefined ? {} : { responseHours: AGENCY_RESPONSE_HOURS }),
    ...(settings.AGENCY_SERVICE_PHONE ? { servicePhone: settings.AGENCY_SERVICE_PHONE } : {}),
    ...(settings.AGENCY_HOURS ? { hours: settings.AGENCY_HOURS } : {}),
    social: settings.AGENCY_SOCIAL_LINKS ?? [],
  };
  if (
    !AGENCY_NAME ||
    !AGENCY_HOME_STATE ||
    !AGENCY_NPN ||
    !AGENCY_LICENSES ||
    !AGENCY_ADDRESS ||
    !AGENCY_PHONE ||
    !AGENCY_EMAIL
  ) {
    return { ...SAMPLE_AGENCY, sample: true, ...optional };
  }
  return {
    name: AGENCY_NAME,
    homeState: AGENCY_HOME_STATE,
    npn: AGENCY_NPN,
    licenses: AGENCY_LICENSES,
    address: AGENCY_ADDRESS,
    phone: AGENCY_PHONE,
    email: AGENCY_EMAIL,
    sample: false,
    ...optional,
  };
}

/**
 * A phone as the agency writes it ("(619) 555-0100") as a tel: link's address ("tel:+16195550100"):
 * the settings take only numbers that `normalizeUsPhone` reads.
 */
export function telHref(phone: string): string {
  return `tel:${normalizeUsPhone(phone) ?? phone.replace(/[^\d+]/g, "")}`;
}

/** The networks whose names a profile's address gives (others are named by their host). */
const SOCIAL_NETWORKS: ReadonlyArray<readonly [host: string, name: string]> = [
  ["linkedin.com", "LinkedIn"],
  ["facebook.com", "Facebook"],
  ["x.com", "X"],
  ["twitter.com", "X"],
  ["instagram.com", "Instagram"],
  ["youtube.com", "YouTube"],
  ["tiktok.com", "TikTok"],
];

/** At most this many social profiles, each address at most this long (AGENCY_SOCIAL_LINKS). */
export const SOCIAL_LINKS_MAX = 6;
export const SOCIAL_LINK_MAX_LENGTH = 300;

/**
 * AGENCY_SOCIAL_LINKS (`https://www.linkedin.com/company/harbor,https://www.facebook.com/harbor`)
 * as profiles named by their network, or the reason it is not valid: https addresses only (a
 * footer link may not downgrade a visitor to clear text), without a user name or password, each
 * once, at most SOCIAL_LINKS_MAX.
 */
export function parseSocialLinks(
  text: string,
): { ok: true; links: SocialLink[] } | { ok: false; error: string } {
  const links: SocialLink[] = [];
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length > SOCIAL_LINKS_MAX) {
    return { ok: false, error: `takes at most ${SOCIAL_LINKS_MAX} addresses` };
  }
  for (const entry of entries) {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (
      !url ||
      url.protocol !== "https:" ||
      url.username ||
      url.password ||
      !url.hostname.includes(".") ||
      entry.length > SOCIAL_LINK_MAX_LENGTH ||
      /\s/.test(entry)
    ) {
      return {
        ok: false,
        error: `must be https:// addresses (each at most ${SOCIAL_LINK_MAX_LENGTH} characters) separated by commas`,
      };
    }
    if (links.some((known) => known.href === url.href)) {
      return { ok: false, error: `names ${url.href} twice` };
    }
    const host = url.hostname.replace(/^www\./, "");
    const known = SOCIAL_NETWORKS.find(
      ([domain]) => host === domain || host.endsWith(`.${domain}`),
    );
    links.push({ name: known?.[1] ?? host, href: url.href });
  }
  return { ok: true, links };
}

/** A licence number: letters and digits, 1 to 20 of them (states write them differently). */
const LICENSE_NUMBER = /^[A-Z0-9-]{1,20}$/;

/** A calendar day as YYYY-MM-DD that exists (no 31 April). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

const LICENSES_FORMAT =
  "must be STATE:NUMBER:EXPIRY entries separated by commas, the expiry as YYYY-MM-DD (it may be left out), e.g. CA:0K12345:2027-06-30,TX:2345678:2027-01-31";

/**
 * AGENCY_LICENSES (`CA:0K12345:2027-06-30,TX:2345678:2027-01-31`) as licences, or the reason it is
 * not valid: each entry a state's two-letter code, a colon, a licence number and, after another
 * colon, the day it expires; no state twice. The older form without the expiry
 * (`CA:0K12345,TX:2345678`) still reads, as a licence whose expiry the site does not know.
 */
export function parseAgencyLicenses(
  text: string,
): { ok: true; licenses: AgencyLicense[] } | { ok: false; error: string } {
  const licenses: AgencyLicense[] = [];
  for (const entry of text.split(",")) {
    const [code = "", number = "", expiry, ...rest] = entry.trim().split(":");
    const state = code.trim().toUpperCase();
    const licence = number.trim().toUpperCase();
    const expires = expiry?.trim();
    if (
      rest.length > 0 ||
      !stateOfCode(state) ||
      !LICENSE_NUMBER.test(licence) ||
      (expires !== undefined && !isCalendarDay(expires))
    ) {
      return { ok: false, error: LICENSES_FORMAT };
    }
    if (licenses.some((known) => known.state === state)) {
      return { ok: false, error: `names ${state} twice` };
    }
    licenses.push({ state, number: licence, ...(expires === undefined ? {} : { expires }) });
  }
  return { ok: true, licenses };
}

/**
 * A state's two-letter code (any case, spaces around it allowed) as the upper-case code of one of
 * the 50 states, or undefined (AGENCY_HOME_STATE).
 */
export function stateCode(text: string): string | undefined {
  const state = stateOfCode(text);
  return state ? uspsCode(state) : undefined;
}

/**
 * Who the agency is, in a few words, with its home state: "Harbor Insurance Agency LLC, a
 * California insurance agency" ("an Ohio insurance agency": no state's name starts with a U).
 */
export function agencyTitle(agency: Agency, locale: Locale = BASE_LOCALE): string {
  const home = stateOfCode(agency.homeState) ?? agency.homeState;
  const title = /^[AEIO]/.test(home) ? m.agency_title_an : m.agency_title_a;
  return title({ name: agency.name, state: home }, { locale });
}

/** The licences as one line: "CA 0K12345, TX 2345678". */
export function licensesText(licenses: readonly AgencyLicense[]): string {
  return licenses.map((license) => `${license.state} ${license.number}`).join(", ");
}

/** The agency's identity as lines of text, for the foot of every email. */
export function agencyLines(agency: Agency, locale: Locale = BASE_LOCALE): string[] {
  return [
    agencyTitle(agency, locale),
    m.agency_email_numbers(
      { npn: agency.npn, licenses: licensesText(agency.licenses) },
      { locale },
    ),
    agency.address,
    agency.phone,
    ...(agency.sample ? [m.agency_sample_note({}, { locale })] : []),
  ];
}

/**
 * The agency's details in a form that the footer puts in an attribute and server.ts looks for in a
 * prerendered page: a page built with other details is rendered on request instead.
 */
export function agencyStamp(agency: Agency): string {
  const details = [agency.name, agency.homeState, agency.npn, licensesText(agency.licenses)];
  // The sample flag too: a sample page carries the notice at its top (decision 031).
  const contact = [agency.address, agency.phone, agency.servicePhone ?? "", agency.email];
  const social = agency.social.map((profile) => profile.href).join(" ");
  const all = [
    ...details,
    ...contact,
    agency.hours ?? "",
    social,
    agency.sample ? "sample" : "set",
  ];
  // encodeURIComponent leaves ' alone, which React writes as &#x27; in an attribute.
  return encodeURIComponent(JSON.stringify(all)).replace(/'/g, "%27");
}
