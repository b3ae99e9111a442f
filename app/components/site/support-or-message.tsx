import type { Locale } from "#app/domain/site/locales.ts";
import { site } from "#app/domain/site/site.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { useLocale } from "#app/hooks/use-locale.ts";

/**
 * A sentence that sends the visitor to the support line or the contact page ("Call support on
 * (888) 555-0142 or send us a message."), as `message` words it with its {support} and {message}.
 */
export function SupportOrMessage({
  message,
}: {
  message: (inputs: { support: string; message: string }, options: { locale: Locale }) => string;
}) {
  const locale = useLocale();
  return withSlots(message({ support: slot("support"), message: slot("message") }, { locale }), {
    support: <a href={`tel:${site.supportPhone.tel}`}>{site.supportPhone.label}</a>,
    message: <a href={linkPath("/contact", locale)}>{m.about_send_message({}, { locale })}</a>,
  });
}
