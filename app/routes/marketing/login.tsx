import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form } from "react-router";

import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { controlClasses, FormField } from "#app/components/ui/form-field.tsx";
import { EMAIL_MAX_LENGTH } from "#app/domain/values/fields.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { messages } from "#app/domain/site/messages.ts";
import { loginSchema, RESUME_LINK_DAYS } from "#app/domain/wizard/resume-links.ts";
import { site } from "#app/domain/site/site.ts";
import { logger } from "#app/server/logger.server.ts";
import { requestResumeLink } from "#app/server/wizard/resume-tokens.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { QUOTE_LINK_LABEL, QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { SEE_PLAN_LABEL } from "#app/domain/quote/quote-request.ts";
import { QUOTE_STEP_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { PageIntro } from "#app/components/site/page-intro.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import { PhoneIcon } from "#app/components/ui/icons.tsx";

import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: "/login",
    title: "Log in",
    description: `Get a link back to your ${site.brand} application, or call us.`,
    noindex: true,
  });

/**
 * Log in, for a visitor (issue 8): the address their application was saved under gets a one-time
 * link back to it. The answer is the same whether or not we know the address, and so is the work
 * before it: one stored request. The look-up and the email are the outbox worker's, after the
 * answer, so its timing tells nothing either. A request that cannot be stored is logged, and the
 * answer stays the same.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), loginSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  await requestResumeLink(getServices(context).database.db, submission.value.email).catch(
    (error: unknown) => logger.error({ err: error }, "login link not requested"),
  );
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseForm(formData, loginSchema),
  });
  return (
    <>
      <PageIntro title="Log in">
        <p>
          Started an application? Enter the email you saved it under and we&apos;ll send you a link
          to pick up where you left off, on any device.
        </p>
        <p className="mt-3">
          There&apos;s no account and no password to remember: the link in your email is how you get
          back to your application. Each link works once, for {RESUME_LINK_DAYS} days.
        </p>
      </PageIntro>
      <div className="mx-auto w-full max-w-4xl px-4 pt-12 sm:px-6">
        {actionData?.sent ? (
          <>
            <p
              role="status"
              className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 font-medium text-green-900"
            >
              {messages.loginLinkSent}
            </p>
            <p className="mt-3 mb-6 text-muted">
              The link opens your application and your coverage plan. Finished it in this browser?{" "}
              <a href={QUOTE_STEP_PATH} className="font-semibold text-brand-700 underline">
                {SEE_PLAN_LABEL}
              </a>
            </p>
          </>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="relative max-w-md space-y-4">
          <HoneypotField />
          <FormField
            id={fields.email.id}
            label="Email address"
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
            Email me a link
          </button>
        </Form>
      </div>
      <h2 className="sr-only">Other ways to reach us</h2>
      <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-2">
          <li className="rounded-2xl border border-line bg-white p-6">
            <h2 className="text-lg font-semibold">Your quote or policy</h2>
            <p className="mt-1 text-muted">Call support</p>
            <a
              href={`tel:${site.supportPhone.tel}`}
              className="mt-3 inline-flex items-center gap-2 text-xl font-semibold text-brand-700 underline"
            >
              <PhoneIcon className="size-5" />
              {site.supportPhone.label}
            </a>
          </li>
          <li className="rounded-2xl border border-line bg-white p-6">
            <h2 className="text-lg font-semibold">New coverage</h2>
            <p className="mt-1 text-muted">Call sales</p>
            <a
              href={`tel:${site.salesPhone.tel}`}
              className="mt-3 inline-flex items-center gap-2 text-xl font-semibold text-brand-700 underline"
            >
              <PhoneIcon className="size-5" />
              {site.salesPhone.label}
            </a>
          </li>
        </ul>
        <p className="mt-6 text-muted">
          Our team answers {site.phoneHours}. You can also{" "}
          <a href="/contact" className="font-medium text-brand-700 underline">
            send us a message
          </a>
          .
        </p>
        <a href={QUOTE_PATH} className={`${buttonClasses("primary", "lg")} mt-8`}>
          {QUOTE_LINK_LABEL}
        </a>
      </div>
    </>
  );
}
