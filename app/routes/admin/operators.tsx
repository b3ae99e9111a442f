import { data, redirect } from "react-router";

import { DeskTable } from "#app/components/admin/desk-table.tsx";
import {
  EVENT_COLUMNS,
  invitationColumns,
  operatorColumns,
} from "#app/components/admin/operator-tables.tsx";
import {
  adminControlClasses,
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  FieldMessage,
  SavedNotice,
} from "#app/components/admin/admin-ui.tsx";
import {
  INVITATION_HOURS,
  inviteFormSchema,
  OPERATOR_EVENT_KINDS,
  OPERATOR_ROLES,
  operatorMessages,
} from "#app/domain/leads/desk-operators.ts";
import { EMAIL_MAX_LENGTH } from "#app/domain/values/fields.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import {
  inviteOperator,
  listInvitations,
  withdrawInvitation,
} from "#app/server/admin/operator-invitations.server.ts";
import {
  getOperatorEvent,
  listOperatorAccounts,
  listOperatorEvents,
  setOperatorDisabled,
  type OperatorEvent,
} from "#app/server/admin/operators.server.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/operators";

export const meta: Route.MetaFunction = () => adminMeta("Operators");

/** The operators, the invitations waiting, the history of both, and a save's confirmation. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const operator = getOperator(context);
  const db = getServices(context).database.db;
  const [operators, invitations, events, saved] = await Promise.all([
    listOperatorAccounts(db),
    listInvitations(db),
    listOperatorEvents(db),
    getOperatorEvent(db, url.searchParams.get("event") ?? ""),
  ]);
  return {
    me: operator.id,
    owner: operator.role === "owner",
    operators,
    invitations,
    events,
    saved,
    now: new Date(),
  };
}

/** The page again, confirming the event a save recorded. */
function savedEvent(eventId: string): Response {
  return redirect(`/admin/operators?event=${eventId}`);
}

/**
 * Invites an operator, withdraws an invitation, or disables or enables an operator; each recorded
 * as an operator event with who did it, then confirmed on the page.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const services = getServices(context);
  const db = services.database.db;
  const form = await request.formData();
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "").slice(0, 64);
  // Only the owner changes operators (decision 063); the session reads the role on each request.
  if (operator.role !== "owner") {
    return data({ invite: [], problem: operatorMessages.ownerOnly }, { status: 403 });
  }
  switch (intent) {
    case "invite": {
      const parsed = parseForm(form, inviteFormSchema);
      if (parsed.status !== "success") {
        return data(
          {
            invite: [...(parsed.error?.email ?? []), ...(parsed.error?.role ?? [])],
            problem: undefined,
          },
          { status: 400 },
        );
      }
      const result = await inviteOperator(db, {
        email: parsed.value.email,
        role: parsed.value.role,
        invitedBy: operator,
        siteUrl: services.env.SITE_URL,
        agency: getAgency(context),
        perHour: services.env.MAIL_PER_RECIPIENT_PER_HOUR,
      });
      if (result.outcome === "invited") return savedEvent(result.eventId);
      return data(
        {
          invite: [
            result.outcome === "already-operator"
              ? operatorMessages.alreadyOperator
              : operatorMessages.inboxFull,
          ],
          problem: undefined,
        },
        { status: 409 },
      );
    }
    case "withdraw": {
      const eventId = await withdrawInvitation(db, id, operator.id);
      if (!eventId) throw data(null, { status: 404 });
      return savedEvent(eventId);
    }
    case "disable":
    case "enable": {
      const result = await setOperatorDisabled(db, id, intent === "disable", operator.id);
      if (result.outcome === "not-found") throw data(null, { status: 404 });
      if (result.outcome === "yourself") {
        return data({ invite: [], problem: operatorMessages.notYourself }, { status: 409 });
      }
      if (result.outcome === "not-enabled") {
        return data({ invite: [], problem: operatorMessages.notEnabled }, { status: 409 });
      }
      if (result.outcome === "not-owner") {
        return data({ invite: [], problem: operatorMessages.ownerOnly }, { status: 403 });
      }
      return result.outcome === "done" ? savedEvent(result.eventId) : redirect("/admin/operators");
    }
    default:
      throw data(null, { status: 400 });
  }
}

/** What a recorded event says as a confirmation. */
function confirmation(event: OperatorEvent): string {
  switch (event.kind) {
    case "invited":
      return operatorMessages.invited(event.email);
    case "invitation-withdrawn":
      return operatorMessages.withdrawn(event.email);
    case "disabled":
      return operatorMessages.disabled(event.email);
    case "enabled":
      return operatorMessages.enabled(event.email);
    default:
      return `${OPERATOR_EVENT_KINDS[event.kind]}: ${event.email}.`;
  }
}

export default function Operators({ loaderData, actionData }: Route.ComponentProps) {
  const { me, owner, operators, invitations, events, saved, now } = loaderData;
  const inviteErrors = actionData?.invite;
  return (
    <>
      <AdminPageHeading title="Operators">
        Everyone who may sign in to the lead desk. The owner invites, disables and enables operators
        and keeps the templates; agents work the leads. A disabled operator cannot sign in and is
        signed out at once; everything they did keeps their name.
      </AdminPageHeading>
      {saved ? (
        <SavedNotice>
          Saved: {confirmation(saved)} Recorded <DateTime value={saved.at} />
          {saved.by ? ` by ${saved.by}` : ""}.
        </SavedNotice>
      ) : null}
      {actionData?.problem ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-danger-700 bg-danger-50 p-4 text-danger-700"
        >
          {actionData.problem}
        </p>
      ) : null}
      <DeskTable
        caption="Operators"
        columns={operatorColumns(me, owner)}
        rows={operators}
        rowKey={(row) => row.id}
      />

      {owner ? (
        <section
          aria-labelledby="invite-title"
          className="mt-8 rounded-xl border border-line bg-white p-4"
        >
          <h2 id="invite-title" className="text-lg font-semibold text-ink">
            Invite an operator
          </h2>
          <p className="mt-1 text-sm text-muted">
            The site emails them a link to choose a password. It works once, for {INVITATION_HOURS}{" "}
            hours; a new invitation to the same address replaces the one before.
          </p>
          <form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
            <div className="w-full max-w-sm">
              <label htmlFor="invite-email" className="block text-sm font-medium text-ink">
                Email address
              </label>
              <input
                id="invite-email"
                name="email"
                type="email"
                autoComplete="off"
                maxLength={EMAIL_MAX_LENGTH}
                aria-invalid={inviteErrors && inviteErrors.length > 0 ? true : undefined}
                aria-describedby={
                  inviteErrors && inviteErrors.length > 0 ? "invite-email-error" : undefined
                }
                className={adminControlClasses}
              />
            </div>
            <div>
              <label htmlFor="invite-role" className="block text-sm font-medium text-ink">
                Role
              </label>
              <select
                id="invite-role"
                name="role"
                defaultValue="agent"
                className={adminControlClasses}
              >
                <option value="agent">{OPERATOR_ROLES.agent}</option>
                <option value="owner">{OPERATOR_ROLES.owner}</option>
              </select>
            </div>
            <button
              type="submit"
              name="intent"
              value="invite"
              className={buttonClasses("primary", "sm")}
            >
              Send invitation
            </button>
          </form>
          <FieldMessage id="invite-email-error" messages={inviteErrors} />
        </section>
      ) : (
        <p className="mt-8 text-muted">Only the agency's owner invites operators.</p>
      )}

      <section aria-labelledby="invitations-title" className="mt-8">
        <h2 id="invitations-title" className="text-lg font-semibold text-ink">
          Invitations not yet used
        </h2>
        {invitations.length === 0 ? (
          <p className="mt-2 text-muted">None.</p>
        ) : (
          <DeskTable
            caption="Invitations not yet used, newest first"
            columns={invitationColumns(now, owner)}
            rows={invitations}
            rowKey={(row) => row.id}
          />
        )}
      </section>

      <section aria-labelledby="history-title" className="mt-8">
        <h2 id="history-title" className="text-lg font-semibold text-ink">
          History
        </h2>
        {events.length === 0 ? (
          <p className="mt-2 text-muted">No changes yet.</p>
        ) : (
          <DeskTable
            caption="Changes to operators, newest first"
            columns={EVENT_COLUMNS}
            rows={events}
            rowKey={(row) => row.id}
          />
        )}
      </section>
    </>
  );
}
