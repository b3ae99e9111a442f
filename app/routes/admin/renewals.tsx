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
    limit: RENEWALS_LISTED,
    afterEndDays: RENEWALS_LISTED_AFTER_END_DAYS,
  };
}

function columns(today: string): DeskColumn<PolicyForRenewal>[] {
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
      cell: (policy) =>
        `${renewalStanding(daysUntil(today, policy.policyEnd), policy.renewalRequested)}${
          policy.renewalReference ? ` (${policy.renewalReference})` : ""
        }`,
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

export default function Renewals({ loaderData }: Route.ComponentProps) {
  const { policies } = loaderData;
  return (
    <>
      <AdminPageHeading title="Renewals">
        Bound policies by the day they end, those with no renewal request yet first (and none that
        ended more than {loaderData.afterEndDays} days ago). Each policy&apos;s reminders, 90 and 60
        days before it ends, go on the lead&apos;s timeline and by email to the agency&apos;s alert
        address when one is set; 60 days before, the insured is emailed a link to request the
        renewal. A policy whose renewal is requested gets none.
      </AdminPageHeading>
      {policies.length === 0 ? (
        <p className="mt-6 text-ink">No policy is bound yet.</p>
      ) : (
        <DeskTable
          caption="Bound policies, those with no renewal request first, by the day they end"
          columns={columns(loaderData.today)}
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
