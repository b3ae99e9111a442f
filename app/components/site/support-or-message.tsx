import type { Locale } from "#app/domain/site/locales.ts";
import { telHref } from "#app/domain/site/agency.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { useLocale } from "#app/hooks/use-locale.ts";
import { useAgency } from "#app/components/site/agency-identity.tsx";

/**
 * A sentence that sends the visitor to the agency's phone (its line for existing customers, where it
 * has one) or the contact page ("Call us on (619) 555-0100 or send us a message."), as `message`
 * words it with its {support} and {message}.
 */
export function SupportOrMessage({
  message,
}: {
  message: (inputs: { support: string; message: string }, options: { locale: Locale }) => string;
}) {
  const locale = useLocale();
  const agency = useAgency();
  const phone = agency?.servicePhone ?? agency?.phone;
  return withSlots(message({ support: slot("support"), message: slot("message") }, { locale }), {
    support: phone ? <a href={telHref(phone)}>{phone}</a> : null,
    message: <a href={linkPath("/contact", locale)}>{m.about_send_message({}, { locale })}</a>,
  });
}
