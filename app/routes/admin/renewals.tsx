import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import { AdminPageHeading, adminMeta, DateTime } from "#app/components/admin/admin-ui.tsx";
import { dayText } from "#app/domain/quote/insurer-quotes.ts";
import { daysUntil, renewalReminderLabel, renewalStanding } from "#app/domain/quote/renewals.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import {
  policiesByEnd,
  RENEWALS_LISTED,
  RENEWALS_LISTED_AFTER_END_DAYS,
  type PolicyForRenewal,
} from "#app/server/leads/renewal-reminders.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/renewals";

export const meta: Route.MetaFunction = () => adminMeta("Renewals");

/** Bound policies by their end, the renewals not yet requested first (issue 30). */
export async function loader({ context }: Route.LoaderArgs) {
  getOperator(context);
  const services = getServices(context);
  const today = dayIn(new Date(), services.env.AGENCY_TIME_ZONE);
  const policies = await policiesByEnd(services.database.db, today);
  return {
    policies,
    today,
    windows: services.env.RENEWAL_WINDOWS_DAYS,
    limit: RENEWALS_LISTED,
    afterEndDays: RENEWALS_LISTED_AFTER_END_DAYS,
  };
}

function columns(today: string, windows: readonly number[]): DeskColumn<PolicyForRenewal>[] {
  return [
    {
      label: "Ends",
      nowrap: true,
      cell: (policy) => {
        const left = daysUntil(today, policy.policyEnd);
        return (
          <>
            {dayText(policy.policyEnd)}{" "}
            <span className="text-muted">
              {left >= 0 ? `(in ${left} days)` : `(${-left} days ago)`}
            </span>
          </>
        );
      },
    },
    {
      label: "Policy",
      rowHeader: true,
      nowrap: true,
      cell: (policy) => (
        <a
          href={`/admin/submissions/${policy.submissionId}/quotes`}
          className="font-semibold text-brand-700 underline"
        >
          {policy.policyNumber}
        </a>
      ),
    },
    { label: "Business", cell: (policy) => policy.businessName ?? "(not given)" },
    { label: "Insurer", cell: (policy) => policy.insurer },
    {
      label: "Renewal",
      cell: (policy) => (
        <>
          {renewalStanding(daysUntil(today, policy.policyEnd), policy.renewal, windows)}
          {policy.renewalReference && policy.renewalRequestId ? (
            <>
              {" "}
              <a
                href={`/admin/submissions/${policy.submissionId}/quotes?request=${policy.renewalRequestId}`}
                className="text-brand-700 underline"
              >
                {policy.renewalReference}
              </a>
            </>
          ) : null}
        </>
      ),
    },
    {
      label: "Reminders",
      cell: (policy) =>
        policy.reminders.length === 0 ? (
          "None yet"
        ) : (
          <ul>
            {policy.reminders.map((reminder) => (
              <li key={reminder.kind}>
                {renewalReminderLabel(reminder.kind)}: <DateTime value={reminder.sentAt} />
              </li>
            ))}
          </ul>
        ),
    },
  ];
}

/** What the agency's windows (RENEWAL_WINDOWS_DAYS, farthest first) do, in words. */
function windowsText(windows: readonly number[]): string {
  const [first] = windows;
  return `${first} days before a policy ends, the site opens its renewal request with last term's lines and emails the insured a link to tell what has changed; ${windows.join(", ")} days before, the agency is reminded on the customer's timeline and by email to the alert address when one is set.`;
}

export default function Renewals({ loaderData }: Route.ComponentProps) {
  const { policies } = loaderData;
  return (
    <>
      <AdminPageHeading title="Renewals">
        Bound policies by the day they end, the renewals still to bind first (and none that ended
        more than {loaderData.afterEndDays} days ago). {windowsText(loaderData.windows)} A renewal
        bound, or a policy cancelled, gets no more.
      </AdminPageHeading>
      {policies.length === 0 ? (
        <p className="mt-6 text-ink">No policy is bound yet.</p>
      ) : (
        <DeskTable
          caption="Bound policies, the renewals still to bind first, by the day they end"
          columns={columns(loaderData.today, loaderData.windows)}
          rows={policies}
          rowKey={(policy) => policy.reference}
        />
      )}
      {policies.length === loaderData.limit ? (
        <p className="mt-4 text-sm text-muted">The first {loaderData.limit} are shown.</p>
      ) : null}
    </>
  );
}
