import { data, redirect } from "react-router";

import { adminControlClasses, adminMeta, AdminHeader } from "#app/components/admin/admin-ui.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import {
  PASSWORD_MAX_LENGTH,
  safeAdminPath,
  signInMessages,
  signInSchema,
} from "#app/domain/leads/lead-desk.ts";
import { messages } from "#app/domain/site/messages.ts";
import { operatorOfRequest, startOperatorSession } from "#app/server/admin/admin-auth.server.ts";
import { clientAddressContext } from "#app/server/http/guards.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { signIn } from "#app/server/admin/operators.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => adminMeta("Sign in");

/** The action's own headers (Retry-After while an email is locked) go out with the page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** An operator already signed in goes on to the lead desk. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const next = safeAdminPath(url.searchParams.get("next"));
  const operator = await operatorOfRequest(getServices(context), request).catch(() => undefined);
  if (operator) throw redirect(next);
  return { next };
}

interface SignInActionData {
  email: string;
  formError?: string;
  fieldErrors?: { email?: string; password?: string };
}

/**
 * Signs an operator in: a new session and its cookie, then the page they asked for. A wrong email
 * or password and a locked-out email each get one message that is the same whether or not the
 * account exists; the lockout is for this client address only, and says until when. Logged
 * without the email.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  const next = safeAdminPath(String(form.get("next") ?? ""));
  const typedEmail = String(form.get("email") ?? "").slice(0, 254);
  const parsed = signInSchema.safeParse({
    email: form.get("email"),
    password: form.get("password"),
  });
  if (!parsed.success) {
    const fieldErrors: SignInActionData["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "password") && !fieldErrors[field]) {
        fieldErrors[field] = issue.message;
      }
    }
    return data<SignInActionData>({ email: typedEmail, fieldErrors }, { status: 400 });
  }
  try {
    const result = await signIn(services.database.db, {
      ...parsed.data,
      clientAddress: context.get(clientAddressContext),
    });
    if (result.outcome === "signed-in") {
      logger.info({ operatorId: result.operator.id }, "operator signed in");
      throw redirect(next, {
        headers: { "Set-Cookie": await startOperatorSession(services, result.operator.id) },
      });
    }
    if (result.outcome === "locked") {
      logger.warn({ event: "sign-in-locked" }, "operator sign-in refused");
      return data<SignInActionData>(
        { email: typedEmail, formError: messages.signInLocked(result.lockedUntil) },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    logger.warn({ event: "sign-in-failed" }, "operator sign-in refused");
    return data<SignInActionData>(
      { email: typedEmail, formError: signInMessages.invalid },
      { status: 401 },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "operator sign-in failed");
    return data<SignInActionData>(
      { email: typedEmail, formError: signInMessages.unavailable },
      { status: 503 },
    );
  }
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData;
  const emailError = result?.fieldErrors?.email;
  const passwordError = result?.fieldErrors?.password;
  const formError = result?.formError;
  return (
    <div className="min-h-screen bg-surface">
      <AdminHeader pathname="/admin/login" />
      <main id="main" tabIndex={-1} className="px-4 py-12 focus:outline-none sm:py-20">
        <div className="mx-auto max-w-md rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-ink">Sign in to the lead desk</h1>
          <p className="mt-2 text-muted">For the agency&apos;s operators.</p>
          {formError ? (
            <p
              id="sign-in-error"
              role="alert"
              className="mt-6 rounded-lg border border-danger-700 bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700"
            >
              {formError}
            </p>
          ) : null}
          <form method="post" className="mt-6 space-y-5" noValidate>
            <input type="hidden" name="next" value={loaderData.next} />
            <div>
              <label htmlFor="email" className="block font-medium text-ink">
                Email address
              </label>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                required
                maxLength={254}
                defaultValue={result?.email ?? ""}
                aria-invalid={emailError || formError ? true : undefined}
                aria-describedby={
                  emailError ? "email-error" : formError ? "sign-in-error" : undefined
                }
                className={adminControlClasses}
              />
              {emailError ? (
                <p id="email-error" className="mt-1.5 text-sm font-medium text-danger-700">
                  {emailError}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="password" className="block font-medium text-ink">
                Password
              </label>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={PASSWORD_MAX_LENGTH}
                aria-invalid={passwordError || formError ? true : undefined}
                aria-describedby={
                  passwordError ? "password-error" : formError ? "sign-in-error" : undefined
                }
                className={adminControlClasses}
              />
              {passwordError ? (
                <p id="password-error" className="mt-1.5 text-sm font-medium text-danger-700">
                  {passwordError}
                </p>
              ) : null}
            </div>
            <button type="submit" className={`${buttonClasses("primary", "md")} w-full`}>
              Sign in
            </button>
          </form>
        </div>
      </main>
    </div>
  );
}
