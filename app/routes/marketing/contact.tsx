import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data } from "react-router";

import { CONTACT_FIELD_LIMITS, contactMessageSchema } from "#app/domain/site/contact-forms.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { messages } from "#app/domain/site/messages.ts";
import { site } from "#app/domain/site/site.ts";
import type { z } from "#app/domain/values/zod.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { ContactNameField } from "#app/components/site/contact-name-field.tsx";
import { pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { PageIntro } from "#app/components/site/page-intro.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import { controlClasses, FormAlert, FormField, hintId } from "#app/components/ui/form-field.tsx";
import { CheckIcon, ClockIcon, MailIcon, PhoneIcon } from "#app/components/ui/icons.tsx";
import { saveContactMessage } from "#app/server/leads/contact-requests.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: "/contact",
    title: "Contact Us",
    description: `Call ${site.brand} support on ${site.supportPhone.label} or sales on ${site.salesPhone.label}, or send us a message and we'll reply by email.`,
  });

/** Stores a message from the contact form; 400 with a message per field when it is not valid. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), contactMessageSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: null }, { status: 400 });
  }
  try {
    const saved = await saveContactMessage(getServices(context).database.db, submission.value);
    logger.info({ contactMessageId: saved.id }, "contact message saved");
    return {
      result: submission.reply({ resetForm: true }),
      sent: { name: saved.name, email: saved.email },
    };
  } catch (error) {
    logger.error({ err: error }, "contact message not saved");
    return data(
      { result: submission.reply({ formErrors: [messages.saveFailed] }), sent: null },
      { status: 500 },
    );
  }
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro title="Contact Us" width="wide">
        <p>Questions about coverage, a quote or your policy? Call us or send a message.</p>
      </PageIntro>
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_3fr] lg:py-16">
        <section aria-labelledby="call-title">
          <h2 id="call-title" className="text-2xl font-bold">
            Call us
          </h2>
          <ul className="mt-6 space-y-4">
            <li className="rounded-2xl border border-line bg-white p-5">
              <p className="font-semibold">Support</p>
              <p className="text-sm text-muted">Help with a quote, your policy or a claim</p>
              <a
                href={`tel:${site.supportPhone.tel}`}
                className="mt-2 inline-flex items-center gap-2 text-lg font-semibold text-brand-700 underline"
              >
                <PhoneIcon className="size-5" />
                {site.supportPhone.label}
              </a>
            </li>
            <li className="rounded-2xl border border-line bg-white p-5">
              <p className="font-semibold">Sales</p>
              <p className="text-sm text-muted">Talk to an expert about the right coverage</p>
              <a
                href={`tel:${site.salesPhone.tel}`}
                className="mt-2 inline-flex items-center gap-2 text-lg font-semibold text-brand-700 underline"
              >
                <PhoneIcon className="size-5" />
                {site.salesPhone.label}
              </a>
            </li>
          </ul>
          <p className="mt-6 flex items-start gap-3 text-muted">
            <ClockIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>
              <span className="block font-semibold text-ink">Hours</span>
              {site.phoneHours}
            </span>
          </p>
        </section>
        <section aria-labelledby="message-title">
          <h2 id="message-title" className="flex items-center gap-2 text-2xl font-bold">
            <MailIcon className="size-6 text-brand-700" />
            Send us a message
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
  const [form, fields] = useForm<z.input<typeof contactMessageSchema>>({
    id: "contact-message",
    lastResult: actionData?.result,
    constraint: getZodConstraint(contactMessageSchema),
  });
  if (actionData?.sent) {
    return (
      <div className="rounded-xl border border-success-700/30 bg-success-50 p-5">
        <h3 className="flex items-center gap-2 text-lg font-semibold text-success-700">
          <CheckIcon className="size-5 shrink-0" />
          Thanks, {actionData.sent.name}! Your message has been sent.
        </h3>
        <p className="mt-2 text-ink">We&apos;ll reply to {actionData.sent.email}.</p>
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
        label="Email address"
        hint="We reply by email."
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
        label="Message"
        hint={`Up to ${CONTACT_FIELD_LIMITS.message.toLocaleString("en-US")} characters.`}
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
        Send message
      </button>
      <p className="text-sm text-muted">
        We use your details only to answer your message. See our{" "}
        <a href="/privacy" className="font-medium text-brand-700 underline">
          Privacy Policy
        </a>
        .
      </p>
    </form>
  );
}
