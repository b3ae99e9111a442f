/**
 * The one email the not-licensed page promises (decision 031): once the agency can help
 * businesses in a state, each address noted for it is told so, in the language of the page it was
 * noted on, with the link to apply (issue 56, decision 066).
 */
import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { renderEmail, type RenderedEmail } from "#app/domain/site/email-content.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";

export function stateOpenEmail(options: {
  /** The state's name in `locale`. */
  state: string;
  agency: Agency;
  /** The wizard's first step, in `locale`, as a full address. */
  applyUrl: string;
  locale: Locale;
}): RenderedEmail {
  const { state, agency, applyUrl, locale } = options;
  const words = { locale };
  return renderEmail({
    subject: m.waitlist_open_subject({ agency: agency.name, state }, words),
    paragraphs: [
      [m.waitlist_open_news({ agency: agency.name, state }, words)],
      [m.waitlist_open_start({}, words), { link: applyUrl }],
      [m.waitlist_open_once({}, words)],
    ],
    footer: agencyLines(agency, locale),
  });
}
