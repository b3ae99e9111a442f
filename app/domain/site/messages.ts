/** The time of day (UTC, HH:MM) at or after `instant`: rounded up, so "after" it is true. */
export function utcClockTime(instant: Date): string {
  const minute = new Date(Math.ceil(instant.getTime() / 60_000) * 60_000);
  return minute.toISOString().slice(11, 16);
}

/**
 * Every message the spec gives (docs/product.md, "Messages"), word for word, and the messages we add
 * where the spec is silent. Components and actions import them from here; a field the wizard asks
 * after the email step has its own messages in its rule (application-fields.ts).
 */
export const messages = {
  selectIndustryFirst: "Please select an industry first.",
  maxSegments: "You can only select up to 3 segments",
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  /** An address with a dot after its domain (`ana@gmail.com.`): ours, the spec is silent. */
  emailTrailingDot: "Please remove the dot at the end of the email address",
  saveFailed: "There was an error saving your information. Please try again.",
  emailSaved: "Information saved successfully!",
  applicationSaved: "Your information has been saved successfully!",

  industryRequired: "Please choose the industry that best fits your business",
  stateRequired: "Please select a state",
  segmentRequired: "Please choose at least one option",
  segmentSingleRequired: "Please choose your main service",
  segmentUnknown: "Please choose from the list",
  professionRequired: "Please tell us what your business does",
  officesRequired: "Please choose a profession or type one",
  textTooLong: (max: number) =>
    `Please keep this to ${max.toLocaleString("en-US")} characters or fewer`,
  hiddenCharacters:
    "Please remove the hidden formatting characters (typing this again, not pasting it, will do)",
  phoneRequired: "Please enter your phone number",
  phoneInvalid: "Please enter a valid 10-digit US phone number",
  mailingAddressRequired: "Please enter your mailing address or PO Box",
  zipUsuallyElsewhere: (place: string, state: string) =>
    `This ZIP code usually belongs to ${place}, not ${state}. Please check it, or tick "This ZIP code is right".`,

  /** What a disabled Continue waits for, shown next to it (ours: the spec only disables it). */
  continueHints: {
    start: "Choose an industry and a state to continue",
    segments: {
      multiple: "Choose at least one option to continue",
      single: "Choose your main service to continue",
      "single-with-search": "Choose or type your profession to continue",
      "free-text": "Tell us what your business does to continue",
    },
    email: "Enter your email address to continue",
    "business-name": "Enter your business name to continue",
    ownership: "Choose an ownership structure and enter a start year to continue",
  },

  loginLinkSent: "If we have an application for that address, we've sent you a link",
  /** The lead desk's sign-in, locked for this email from this address, until `until`. */
  signInLocked: (until: Date) =>
    `Too many attempts from this address. Try again after ${utcClockTime(until)} UTC.`,
  resumeLinkExpired: "This link has expired. Links work for 7 days.",
  resumeLinkUsed: "This link has already been used. Each link works once.",
  resumeLinkInvalid: "This link isn't valid. It may have been copied incompletely.",
} as const;

/**
 * What the site says when it refuses a request on purpose (docs/decisions/README.md, "Security by default"), by HTTP status: a
 * heading and an explanation, shown with a link back to the page the visitor was on.
 */
export const refusals: Record<number, { title: string; body: string }> = {
  400: {
    title: "We couldn't read that form",
    body: "Please go back and send it again.",
  },
  403: {
    title: "We couldn't accept that form",
    body: "For your security we only accept forms sent from this site. Please go back and try again.",
  },
  405: {
    title: "We can't do that here",
    body: "This site shows its pages and takes its own forms, nothing else.",
  },
  411: {
    title: "We couldn't read that form",
    body: "Please go back and send it again.",
  },
  413: {
    title: "That form is too large",
    body: "Please shorten what you entered, or choose a file of at most 10 MB, and try again.",
  },
  415: {
    title: "We couldn't read that form",
    body: "Please go back and send it again.",
  },
  429: {
    title: "You're going a little fast",
    body: "Please wait a minute, then try again. What you saved before is still here.",
  },
  503: {
    title: "We can't reach our records right now",
    body: "Please try again in a few minutes. What you saved before is still here.",
  },
};
