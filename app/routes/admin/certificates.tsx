import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import { AdminPageHeading, adminMeta, DateTime } from "#app/components/admin/admin-ui.tsx";
import { dayText } from "#app/domain/quote/insurer-quotes.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import {
  CERTIFICATE_QUEUE_LIMIT,
  certificateQueue,
  type QueuedCertificate,
} from "#app/server/leads/certificate-store.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/certificates";

export const meta: Route.MetaFunction = () => adminMeta("Certificates");

/** The certificate queue (issue 30): requests waiting, the soonest needed first; then the latest issued. */
export async function loader({ context }: Route.LoaderArgs) {
  getOperator(context);
  const services = getServices(context);
  const queue = await certificateQueue(services.database.db);
  return {
    ...queue,
    today: dayIn(new Date(), services.env.AGENCY_TIME_ZONE),
    limit: CERTIFICATE_QUEUE_LIMIT,
  };
}

/** Where the desk issues a certificate: the lead's quotes page, at its certificates. */
function issuePath(item: QueuedCertificate): string {
  return `/admin/submissions/${item.submissionId}/quotes#certificates`;
}

/** The columns that say which certificate a line is: both lists have them. */
const NAMING_COLUMNS: DeskColumn<QueuedCertificate>[] = [
  {
    label: "Certificate",
    rowHeader: true,
    nowrap: true,
    cell: (item) => (
      <a href={issuePath(item)} className="font-semibold text-brand-700 underline">
        {item.reference}
      </a>
    ),
  },
  { label: "Business", cell: (item) => item.lead ?? "(not given)" },
  { label: "Holder", cell: (item) => item.holderName },
];

function columns(today: string): DeskColumn<QueuedCertificate>[] {
  return [
    {
      label: "Needed by",
      nowrap: true,
      cell: (item) => (
        <>
          {dayText(item.neededBy)}
          {item.neededBy < today ? (
            <span className="ml-2 font-semibold text-red-800">(overdue)</span>
          ) : item.neededBy === today ? (
            <span className="ml-2 font-semibold text-ink">(today)</span>
          ) : null}
        </>
      ),
    },
    ...NAMING_COLUMNS,
    { label: "Asks for", cell: (item) => item.asks },
    { label: "Requested", nowrap: true, cell: (item) => <DateTime value={item.requestedAt} /> },
  ];
}

const ISSUED_COLUMNS: DeskColumn<QueuedCertificate>[] = [
  {
    label: "Issued",
    nowrap: true,
    cell: (item) => (item.issuedAt ? <DateTime value={item.issuedAt} /> : null),
  },
  ...NAMING_COLUMNS,
];

export default function Certificates({ loaderData }: Route.ComponentProps) {
  const { waiting, issued } = loaderData;
  return (
    <>
      <AdminPageHeading title="Certificates">
        Certificates of insurance that visitors asked for, the soonest needed first. Issue each from
        its lead&apos;s quotes page by uploading the certificate.
      </AdminPageHeading>
      <h2 className="mt-8 text-xl font-semibold text-ink">Waiting</h2>
      {waiting.length === 0 ? (
        <p className="mt-2 text-ink">No certificate is waiting.</p>
      ) : (
        <DeskTable
          caption="Certificates waiting, the soonest needed first"
          columns={columns(loaderData.today)}
          rows={waiting}
          rowKey={(item) => item.id}
        />
      )}
      {waiting.length === loaderData.limit ? (
        <p className="mt-4 text-sm text-muted">
          The {loaderData.limit} needed soonest are shown: issue these to see the rest.
        </p>
      ) : null}
      <h2 className="mt-10 text-xl font-semibold text-ink">Issued lately</h2>
      {issued.length === 0 ? (
        <p className="mt-2 text-ink">None yet.</p>
      ) : (
        <DeskTable
          caption="Certificates issued lately, newest first"
          columns={ISSUED_COLUMNS}
          rows={issued}
          rowKey={(item) => item.id}
        />
      )}
    </>
  );
}
