/**
 * The secret tokens in the links the site emails (resume and quotes links, operator invitations)
 * and in the desk's session cookie: 32 random bytes, base64url, 43 characters. Pure: a path or a
 * cookie that cannot be one is refused before any lookup.
 */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a text has the shape of one of the site's tokens. */
export function isLinkToken(text: string): boolean {
  return LINK_TOKEN.test(text);
}
