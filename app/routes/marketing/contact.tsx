import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data } from "react-router";

import { CONTACT_FIELD_LIMITS, contactMessageSchema } from "#app/domain/site/contact-forms.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { telHref } from "#app/domain/site/agency.ts";
import { site } from "#app/domain/site/site.ts";
import { m } from "#app/paraglide/messages.js";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { useLocale } from "#app/hooks/use-locale.ts";
import type { z } from "#app/domain/values/zod.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { ContactNameField } from "#app/components/site/contact-name-field.tsx";
import { localizedPageMeta } from "#app/components/site/page-meta.ts";
import { PageIntro } from "#app/components/site/page-intro.tsx";
import { useAgency } from "#app/components/site/agency-identity.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import { controlClasses, FormAlert, FormField, hintId } from "#app/components/ui/form-field.tsx";
import { CheckIcon, ClockIcon, MailIcon, PhoneIcon } from "#app/components/ui/icons.tsx";
import { saveContactMessage } from "#app/server/leads/contact-requests.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/contact";
import { requestLocale } from "#app/server/http/site-languages.server.ts";

export const meta: Route.MetaFunction = (args) =>
  localizedPageMeta(args, (locale, agency) => ({
    path: "/contact",
    title: m.contact_title({}, { locale }),
    description: m.contact_meta_description(
      { agency: agency?.name ?? site.brand, phone: agency?.phone ?? "" },
      { locale },
    ),
  }));

/** Stores a message from the contact form; 400 with a message per field when it is not valid. */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = requestLocale(request);
  const submission = parseForm(await request.formData(), contactMessageSchema(locale));
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: null }, { status: 400 });
  }
  try {
    const saved = await saveContactMessage(
      getServices(context).database.db,
      submission.value,
      locale,
    );
    logger.info({ contactMessageId: saved.id }, "contact message saved");
    return {
      result: submission.reply({ resetForm: true }),
      sent: { name: saved.name, email: saved.email },
    };
  } catch (error) {
    logger.error({ err: error }, "contact message not saved");
    return data(
      {
        result: submission.reply({ formErrors: [m.error_save_failed({}, { locale })] }),
        sent: null,
      },
      { status: 500 },
    );
  }
}

/** One of the agency's phones on the contact page, with what to call it for. */
function PhoneLine({ title, text, phone }: { title?: string; text: string; phone: string }) {
  return (
    <li className="rounded-2xl border border-line bg-white p-5">
      {title ? <p className="font-semibold">{title}</p> : null}
      <p className="text-sm text-muted">{text}</p>
      <a
        href={telHref(phone)}
        className="mt-2 inline-flex items-center gap-2 text-lg font-semibold text-brand-700 underline"
      >
        <PhoneIcon className="size-5" />
        {phone}
      </a>
    </li>
  );
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const agency = useAgency();
  return (
    <>
      <PageIntro title={m.contact_title({}, { locale })} width="wide">
        <p>{m.contact_intro({}, { locale })}</p>
      </PageIntro>
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_3fr] lg:py-16">
        <section aria-labelledby="call-title">
          <h2 id="call-title" className="text-2xl font-bold">
            {m.chrome_call_us({}, { locale })}
          </h2>
          {/* The agency's phone; its line for existing customers too, where it has one. */}
          {agency ? (
            <ul className="mt-6 space-y-4">
              {agency.servicePhone ? (
                <>
                  <PhoneLine
                    title={m.chrome_support({}, { locale })}
                    text={m.contact_support_text({}, { locale })}
                    phone={agency.servicePhone}
                  />
                  <PhoneLine
                    title={m.chrome_sales({}, { locale })}
                    text={m.contact_sales_text({}, { locale })}
                    phone={agency.phone}
                  />
                </>
              ) : (
                <PhoneLine text={m.contact_phone_text({}, { locale })} phone={agency.phone} />
              )}
            </ul>
          ) : null}
          {agency?.hours ? (
            <p className="mt-6 flex items-start gap-3 text-muted">
              <ClockIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>
                <span className="block font-semibold text-ink">
                  {m.contact_hours({}, { locale })}
                </span>
                {agency.hours}
              </span>
            </p>
          ) : null}
        </section>
        <section aria-labelledby="message-title">
          <h2 id="message-title" className="flex items-center gap-2 text-2xl font-bold">
            <MailIcon className="size-6 text-brand-700" />
            {m.contact_send_message({}, { locale })}
          </h2>
          <div className="mt-6 rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
            <ContactMessagePanel actionData={actionData} />
          </div>
        </section>
      </div>
    </>
  );
}

function ContactMessagePanel({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const locale = useLocale();
  const [form, fields] = useForm<z.input<ReturnType<typeof contactMessageSchema>>>({
    id: "contact-message",
    lastResult: actionData?.result,
    constraint: getZodConstraint(contactMessageSchema(locale)),
  });
  if (actionData?.sent) {
    return (
      <div className="rounded-xl border border-success-700/30 bg-success-50 p-5">
        <h3 className="flex items-center gap-2 text-lg font-semibold text-success-700">
          <CheckIcon className="size-5 shrink-0" />
          {m.contact_thanks({ name: actionData.sent.name }, { locale })}
        </h3>
        <p className="mt-2 text-ink">
          {m.contact_reply_to({ email: actionData.sent.email }, { locale })}
        </p>
      </div>
    );
  }
  return (
    <form method="post" {...getFormProps(form)} className="space-y-5">
      <FormAlert id={form.errorId} errors={form.errors} />
      <HoneypotField />
      <ContactNameField field={fields.name} />
      <FormField
        id={fields.email.id}
        label={m.field_email({}, { locale })}
        hint={m.field_email_hint({}, { locale })}
        errorId={fields.email.errorId}
        errors={fields.email.errors}
      >
        <input
          {...getInputProps(fields.email, {
            type: "email",
            ariaDescribedBy: hintId(fields.email.id),
          })}
          maxLength={CONTACT_FIELD_LIMITS.email}
          autoComplete="email"
          className={controlClasses}
        />
      </FormField>
      <FormField
        id={fields.message.id}
        label={m.field_message({}, { locale })}
        hint={m.field_message_hint(
          { max: CONTACT_FIELD_LIMITS.message.toLocaleString(`${locale}-US`) },
          { locale },
        )}
        errorId={fields.message.errorId}
        errors={fields.message.errors}
      >
        <textarea
          {...getTextareaProps(fields.message, { ariaDescribedBy: hintId(fields.message.id) })}
          maxLength={CONTACT_FIELD_LIMITS.message}
          rows={6}
          className={controlClasses}
        />
      </FormField>
      <button type="submit" className={buttonClasses("primary", "md")}>
        {m.contact_submit({}, { locale })}
      </button>
      <p className="text-sm text-muted">
        {withSlots(m.contact_privacy({ privacy: slot("privacy") }, { locale }), {
          privacy: (
            <a href={linkPath("/privacy", locale)} className="font-medium text-brand-700 underline">
              {m.privacy_policy({}, { locale })}
            </a>
          ),
        })}
      </p>
    </form>
  );
}
