import { data, redirect } from "react-router";

import {
  adminControlClasses,
  AdminHeader,
  adminMeta,
  FieldMessage,
} from "#app/components/admin/admin-ui.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import { joinFormSchema, operatorMessages } from "#app/domain/leads/desk-operators.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#app/domain/leads/lead-desk.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { startOperatorSession } from "#app/server/admin/admin-auth.server.ts";
import { acceptInvitation, findInvitation } from "#app/server/admin/operator-invitations.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/join";

export const meta: Route.MetaFunction = () => adminMeta("Join the lead desk");

/** The invitation the link opens (its address), or the page that says it no longer works. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const invitation = await findInvitation(getServices(context).database.db, params.token);
  if (!invitation) return data({ email: null }, { status: 410 });
  return { email: invitation.email };
}

/**
 * Makes the invited person an operator with the password they chose, signs them in and opens the
 * desk. The password is checked by the same schema as the form says; a link that stopped working
 * in the meantime changes nothing.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const services = getServices(context);
  const db = services.database.db;
  const invitation = await findInvitation(db, params.token);
  if (!invitation) return data({ gone: true, fields: {} }, { status: 410 });
  const parsed = parseForm(await request.formData(), joinFormSchema);
  if (parsed.status !== "success") {
    return data({ gone: false, fields: parsed.error ?? {} }, { status: 400 });
  }
  const operator = await acceptInvitation(db, params.token, parsed.value.password);
  if (!operator) return data({ gone: true, fields: {} }, { status: 410 });
  logger.info({ operatorId: operator.id }, "operator joined through an invitation");
  throw redirect("/admin", {
    headers: { "Set-Cookie": await startOperatorSession(services, operator.id) },
  });
}

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const gone = loaderData.email === null || actionData?.gone === true;
  const fields: Record<string, readonly string[] | null | undefined> = actionData?.fields ?? {};
  const invalid = (name: string) => {
    const messages = fields[name];
    return messages && messages.length > 0
      ? ({ "aria-invalid": true, "aria-describedby": `${name}-error` } as const)
      : {};
  };
  return (
    <div className="min-h-screen bg-surface">
      <AdminHeader pathname="/admin/join" />
      <main id="main" tabIndex={-1} className="px-4 py-12 focus:outline-none sm:py-20">
        <div className="mx-auto max-w-md rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-ink">Join the lead desk</h1>
          {gone ? (
            <p role="alert" className="mt-4 text-ink">
              {operatorMessages.invitationGone}
            </p>
          ) : (
            <>
              <p className="mt-2 text-muted">
                Choose a password of at least {PASSWORD_MIN_LENGTH} characters. A few words you will
                remember make a good one.
              </p>
              <form method="post" className="mt-6 space-y-5" noValidate>
                <div>
                  <label htmlFor="username" className="block font-medium text-ink">
                    Email address
                  </label>
                  <input
                    id="username"
                    type="email"
                    autoComplete="username"
                    readOnly
                    value={loaderData.email ?? ""}
                    className={`${adminControlClasses} bg-surface`}
                  />
                </div>
                <div>
                  <label htmlFor="password" className="block font-medium text-ink">
                    New password
                  </label>
                  <input
                    id="password"
                    name="password"
                    type="password"
                    autoComplete="new-password"
                    required
                    minLength={PASSWORD_MIN_LENGTH}
                    maxLength={PASSWORD_MAX_LENGTH}
                    className={adminControlClasses}
                    {...invalid("password")}
                  />
                  <FieldMessage id="password-error" messages={fields.password} />
                </div>
                <div>
                  <label htmlFor="confirm" className="block font-medium text-ink">
                    The same password again
                  </label>
                  <input
                    id="confirm"
                    name="confirm"
                    type="password"
                    autoComplete="new-password"
                    required
                    maxLength={PASSWORD_MAX_LENGTH}
                    className={adminControlClasses}
                    {...invalid("confirm")}
                  />
                  <FieldMessage id="confirm-error" messages={fields.confirm} />
                </div>
                <button type="submit" className={`${buttonClasses("primary", "md")} w-full`}>
                  Join and open the desk
                </button>
              </form>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
