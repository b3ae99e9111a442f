import { agencyLines, type Agency } from "./agency.ts";
import { emailAddress } from "./fields.ts";
import { site } from "./site.ts";
import { z } from "./zod.ts";

/** How long an emailed link to an application works (issue 8). */
export const RESUME_LINK_DAYS = 7;

/** Tokens are 32 random bytes, base64url: 43 characters. Anything else is not a link of ours. */
export const RESUME_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const RESUME_PATH_PREFIX = "/resume/";

/** The path of an application link. */
export function resumePath(token: string): string {
  return `${RESUME_PATH_PREFIX}${token}`;
}

/**
 * A request's path as the access log may keep it: an application link's token is a key to
 * someone's answers, so it is never written down (the database keeps only its hash).
 */
export function pathForLogs(path: string): string {
  return path.startsWith(RESUME_PATH_PREFIX) ? `${RESUME_PATH_PREFIX}:token` : path;
}

/** The /login form: the address the application was saved under. */
export const loginSchema = z.object({ email: emailAddress() });

/** The email that carries the link, as plain text, signed with the agency's identity. */
export function resumeEmail(link: string, agency: Agency): { subject: string; text: string } {
  return {
    subject: `Finish your ${site.brand} application`,
    text: [
      "Hello,",
      "",
      `You can pick up your ${site.brand} application where you left off, on any device:`,
      "",
      link,
      "",
      `The link works once and for ${RESUME_LINK_DAYS} days. If it has expired, ask for a new one at the Log in page.`,
      "",
      `If you didn't start an application with ${site.brand}, you can ignore this email.`,
      "",
      `Questions? Call us on ${site.supportPhone.label}.`,
      "",
      ...agencyLines(agency),
    ].join("\n"),
  };
}
