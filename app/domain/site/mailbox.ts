/**
 * Which inbox an email address reaches: for counting what the site sends to one person (the
 * per-recipient cap, MAIL_PER_RECIPIENT_PER_HOUR), never for sending. An email always goes to the
 * address as it was typed.
 */

/** The domain Gmail delivers for, and the other spelling of it (`googlemail.com`, same inboxes). */
const GMAIL = "gmail.com";
const GMAIL_ALIASES: ReadonlySet<string> = new Set([GMAIL, "googlemail.com"]);

/**
 * The mailbox `address` reaches, as the major providers deliver mail, so that spellings of one
 * inbox are counted as one:
 *
 * - case is ignored (`Ana@Example.COM` is `ana@example.com`);
 * - a `+tag` in the local part is dropped (most providers, Gmail and Outlook among them, deliver
 *   `ana+1@` and `ana+2@` to `ana@`); a local part that starts with `+` is kept;
 * - at Gmail, dots in the local part are dropped (`a.n.a@` is `ana@`), and `googlemail.com` is
 *   `gmail.com`; other providers' dots are kept (`ana.ruiz@outlook.com` is another inbox than
 *   `anaruiz@outlook.com`);
 * - a dot after the domain (`ana@example.com.`, the same host in DNS) is dropped.
 *
 * Text that is not an address (no `@`) is only trimmed and lowercased.
 */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1).replace(/\.+$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_ALIASES.has(domain)) {
    domain = GMAIL;
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}

/**
 * What the agency may email its customers in an hour (decision 054): these emails go to an address
 * its visitor proved, so they are not held by the per-inbox cap, but one operator, and the site as
 * a whole, are bounded (MAIL_PER_OPERATOR_PER_HOUR, MAIL_AGENCY_PER_HOUR; these are the defaults).
 */
export interface AgencyMailLimits {
  perOperatorPerHour: number;
  perHour: number;
}

export const AGENCY_MAIL_LIMITS: AgencyMailLimits = { perOperatorPerHour: 100, perHour: 500 };
