import { INVITATION_PATH_PREFIX } from "#app/domain/leads/desk-operators.ts";
import { RESUME_PATH_PREFIX } from "#app/domain/wizard/resume-links.ts";
import { basePath } from "#app/domain/site/locales.ts";

/** Paths whose last part is a token: a key to someone's answers or to the lead desk. */
const TOKEN_PATH_PREFIXES = [RESUME_PATH_PREFIX, INVITATION_PATH_PREFIX] as const;

/**
 * A request's path as the access log may keep it: an application link's or an invitation's token
 * is never written down (the database keeps only its hash).
 */
export function pathForLogs(path: string): string {
  // A link in Spanish (/es/resume/...) carries its token as the English one does.
  const base = basePath(path);
  const prefix = TOKEN_PATH_PREFIXES.find((candidate) => base.startsWith(candidate));
  return prefix ? `${path.slice(0, path.length - base.length)}${prefix}:token` : path;
}
