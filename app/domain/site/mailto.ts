/**
 * mailto: links for the lead desk (RFC 6068), built so that no stored value can change who is
 * written to: an address a visitor typed, or a subject made of their words, is one part of the link
 * and nothing more.
 */
import { isEmailAddress } from "#app/domain/values/fields.ts";

/** The prefilled headers a link may carry; nothing else (no cc, no bcc) can be set. */
export interface MailtoFields {
  subject?: string;
  body?: string;
}

/**
 * A mailto: link to exactly `address`, with an optional subject and body; every part is
 * percent-encoded, so `?`, `&`, `=`, `%` or `#` in a value stay text. Undefined when `address` is not
 * one address by the forms' rule (a record from before it): a mail program would read a list in it.
 */
export function mailtoUrl(address: string, fields: MailtoFields = {}): string | undefined {
  if (!isEmailAddress(address)) return undefined;
  const at = address.lastIndexOf("@");
  const to = `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
  const headers = (["subject", "body"] as const)
    .filter((name) => fields[name])
    .map((name) => `${name}=${encodeURIComponent(fields[name] ?? "")}`);
  return `mailto:${to}${headers.length > 0 ? `?${headers.join("&")}` : ""}`;
}
