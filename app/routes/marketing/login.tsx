import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form } from "react-router";

import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { controlClasses, FormField } from "#app/components/ui/form-field.tsx";
import { EMAIL_MAX_LENGTH } from "#app/domain/values/fields.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { loginSchema, minutesUntil, RESUME_LINK_DAYS } from "#app/domain/wizard/resume-links.ts";
import { clientAddressContext } from "#app/server/http/guards.server.ts";
import { clientHash } from "#app/server/wizard/submission-history.server.ts";
import { site } from "#app/domain/site/site.ts";
import { logger } from "#app/server/logger.server.ts";
import { requestResumeLink } from "#app/server/wizard/resume-tokens.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { linkPath, QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { QUOTE_STEP_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { m } from "#app/paraglide/messages.js";
import { localizedPageMeta } from "#app/components/site/page-meta.ts";
import { PageIntro } from "#app/components/site/page-intro.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import { PhoneIcon } from "#app/components/ui/icons.tsx";
import { useAgency } from "#app/components/site/agency-identity.tsx";
import { telHref } from "#app/domain/site/agency.ts";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { useLocale } from "#app/hooks/use-locale.ts";

import type { Route } from "./+types/login";
import { requestLocale } from "#app/server/http/site-languages.server.ts";

export const meta: Route.MetaFunction = (args) =>
  localizedPageMeta(args, (locale) => ({
    path: "/login",
    title: m.login_title({}, { locale }),
    description: m.login_meta_description({ brand: site.brand }, { locale }),
    noindex: true,
  }));

/**
 * Log in, for a visitor (issue 8): the address their application was saved under gets a one-time
 * link back to it. The answer is the same whether or not we know the address, and so is the work
 * before it: one statement that counts the request for the inbox and stores it. The look-up and
 * the email are the outbox worker's, after the answer, so its timing tells nothing either. Past
 * /login's bound for the inbox (decision 055), counted alike for every address, the page says so
 * and in how many minutes another link can be asked for, instead of saying a link was sent. A
 * request that cannot be stored is logged, and the answer stays the usual one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = requestLocale(request);
  const submission = parseForm(await request.formData(), loginSchema(locale));
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false, waitMinutes: null }, { status: 400 });
  }
  const services = getServices(context);
  const client = clientHash(services.env.SESSION_SECRET, context.get(clientAddressContext));
  const answer = await requestResumeLink(
    services.database.db,
    submission.value.email,
    locale,
    client,
  ).catch((error: unknown) => {
    logger.error({ err: error }, "login link not requested");
    return { stored: true as const };
  });
  if (!answer.stored) {
    const waitMinutes = minutesUntil(answer.nextAt, new Date());
    return data(
      { result: submission.reply(), sent: false, waitMinutes },
      { status: 429, headers: { "Retry-After": String(waitMinutes * 60) } },
    );
  }
  return { result: submission.reply({ resetForm: true }), sent: true, waitMinutes: null };
}

/** A phone of the agency (as it writes it) with what to call it for. */
function PhoneCard({ title, text, phone }: { title: string; text: string; phone: string }) {
  return (
    <li className="rounded-2xl border border-line bg-white p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-muted">{text}</p>
      <a
        href={telHref(phone)}
        className="mt-3 inline-flex items-center gap-2 text-xl font-semibold text-brand-700 underline"
      >
        <PhoneIcon className="size-5" />
        {phone}
      </a>
    </li>
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const agency = useAgency();
  const schema = loginSchema(locale);
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseForm(formData, schema),
  });
  return (
    <>
      <PageIntro title={m.login_title({}, { locale })}>
        <p>{m.login_intro({}, { locale })}</p>
        <p className="mt-3">{m.login_no_password({ days: RESUME_LINK_DAYS }, { locale })}</p>
      </PageIntro>
      <div className="mx-auto w-full max-w-4xl px-4 pt-12 sm:px-6">
        {actionData?.waitMinutes ? (
          <p
            role="status"
            className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-950"
          >
            {m.login_not_sent(
              {
                wait:
                  actionData.waitMinutes === 1
                    ? m.login_wait_minute({}, { locale })
                    : m.login_wait_minutes({ minutes: actionData.waitMinutes }, { locale }),
              },
              { locale },
            )}
          </p>
        ) : null}
        {actionData?.sent ? (
          <>
            <p
              role="status"
              className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 font-medium text-green-900"
            >
              {m.login_link_sent({}, { locale })}
            </p>
            <p className="mt-3 mb-6 text-muted">
              {withSlots(m.login_link_opens({ plan: slot("plan") }, { locale }), {
                plan: (
                  <a
                    href={linkPath(QUOTE_STEP_PATH, locale)}
                    className="font-semibold text-brand-700 underline"
                  >
                    {m.see_plan({}, { locale })}
                  </a>
                ),
              })}
            </p>
          </>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="relative max-w-md space-y-4">
          <HoneypotField />
          <FormField
            id={fields.email.id}
            label={m.field_email({}, { locale })}
            errorId={fields.email.errorId}
            errors={fields.email.errors}
          >
            <input
              {...getInputProps(fields.email, { type: "email" })}
              maxLength={EMAIL_MAX_LENGTH}
              autoComplete="email"
              className={controlClasses}
            />
          </FormField>
          <button type="submit" className={buttonClasses("primary", "lg")}>
            {m.login_submit({}, { locale })}
          </button>
        </Form>
      </div>
      <h2 className="sr-only">{m.login_other_ways({}, { locale })}</h2>
      <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
        {/* The agency's phone; two cards where it has a line for existing customers (issue 53). */}
        {agency ? (
          <ul className="grid gap-4 sm:grid-cols-2">
            {agency.servicePhone ? (
              <>
                <PhoneCard
                  title={m.login_quote_or_policy({}, { locale })}
                  text={m.login_call_support({}, { locale })}
                  phone={agency.servicePhone}
                />
                <PhoneCard
                  title={m.login_new_coverage({}, { locale })}
                  text={m.login_call_sales({}, { locale })}
                  phone={agency.phone}
                />
              </>
            ) : (
              <PhoneCard
                title={m.login_call_us({}, { locale })}
                text={m.chrome_call_us({}, { locale })}
                phone={agency.phone}
              />
            )}
          </ul>
        ) : null}
        <p className="mt-6 text-muted">
          {withSlots(
            agency?.hours
              ? m.login_team_hours({ hours: agency.hours, message: slot("message") }, { locale })
              : m.login_message_us({ message: slot("message") }, { locale }),
            {
              message: (
                <a
                  href={linkPath("/contact", locale)}
                  className="font-medium text-brand-700 underline"
                >
                  {m.about_send_message({}, { locale })}
                </a>
              ),
            },
          )}
        </p>
        <a href={linkPath(QUOTE_PATH, locale)} className={`${buttonClasses("primary", "lg")} mt-8`}>
          {m.quote_link({}, { locale })}
        </a>
      </div>
    </>
  );
}
