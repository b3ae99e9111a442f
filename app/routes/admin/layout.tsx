import { isRouteErrorResponse, Outlet, useLocation, useRouteLoaderData } from "react-router";

import { AdminHeader, adminMeta, DeskTimeZoneProvider } from "#app/components/admin/admin-ui.tsx";
import { DEFAULT_TIME_ZONE } from "#app/domain/values/time-zones.ts";
import { refusal } from "#app/domain/site/messages.ts";
import { licenseWarnings, licenseWarningText } from "#app/domain/site/licensed-states.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getOperator, requireOperator } from "#app/server/admin/admin-auth.server.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/layout";

/** Every lead desk route below this layout is for signed-in operators only. */
export const middleware: Route.MiddlewareFunction[] = [requireOperator];

export const meta: Route.MetaFunction = () => adminMeta("Lead desk");

export function loader({ context }: Route.LoaderArgs) {
  const timeZone = getServices(context).env.AGENCY_TIME_ZONE;
  return {
    email: getOperator(context).email,
    timeZone,
    // Every desk page warns of an agency licence expired or expiring within 60 days (issue 55).
    licenseWarnings: licenseWarnings(getAgency(context), dayIn(new Date(), timeZone)).map(
      licenseWarningText,
    ),
  };
}

/** The agency's licences expired or soon to expire, atop every desk page. */
function LicenseWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section
      aria-labelledby="licence-warnings-title"
      className="mb-6 rounded-xl border border-danger-700 bg-danger-50 p-4 text-danger-700"
    >
      <p id="licence-warnings-title" className="font-semibold">
        The agency's licences
      </p>
      <ul className="mt-1 list-disc pl-5">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}

function Frame({
  email,
  timeZone,
  warnings = [],
  children,
}: {
  email?: string;
  timeZone?: string;
  warnings?: readonly string[];
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <DeskTimeZoneProvider value={timeZone ?? DEFAULT_TIME_ZONE}>
      <div className="min-h-screen bg-surface">
        <AdminHeader email={email} pathname={pathname} />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
        >
          <LicenseWarnings warnings={warnings} />
          {children}
        </main>
      </div>
    </DeskTimeZoneProvider>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame
      email={loaderData.email}
      timeZone={loaderData.timeZone}
      warnings={loaderData.licenseWarnings}
    >
      <Outlet />
    </Frame>
  );
}

/** A submission that is not there, a refused post or a failure, inside the lead desk's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, body } =
    status === 404
      ? {
          title: "Not found",
          body: "There is nothing at this address. It may have been deleted, or the link is wrong.",
        }
      : (refusal(status) ?? {
          title: "Something went wrong",
          body: "The lead desk could not show this page. Please try again in a moment.",
        });
  return (
    <Frame email={layout?.email} timeZone={layout?.timeZone}>
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="mt-2 text-muted">{body}</p>
      <p className="mt-6">
        <a href="/admin" className="font-semibold text-brand-700 underline">
          Back to the work queue
        </a>
      </p>
    </Frame>
  );
}
