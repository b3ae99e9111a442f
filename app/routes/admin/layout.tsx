import { isRouteErrorResponse, Outlet, useLocation, useRouteLoaderData } from "react-router";

import { AdminHeader, adminMeta, DeskTimeZoneProvider } from "#app/components/admin/admin-ui.tsx";
import { DEFAULT_TIME_ZONE } from "#app/domain/values/time-zones.ts";
import { refusal } from "#app/domain/site/messages.ts";
import { getOperator, requireOperator } from "#app/server/admin/admin-auth.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/layout";

/** Every lead desk route below this layout is for signed-in operators only. */
export const middleware: Route.MiddlewareFunction[] = [requireOperator];

export const meta: Route.MetaFunction = () => adminMeta("Lead desk");

export function loader({ context }: Route.LoaderArgs) {
  return {
    email: getOperator(context).email,
    timeZone: getServices(context).env.AGENCY_TIME_ZONE,
  };
}

function Frame({
  email,
  timeZone,
  children,
}: {
  email?: string;
  timeZone?: string;
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
          {children}
        </main>
      </div>
    </DeskTimeZoneProvider>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame email={loaderData.email} timeZone={loaderData.timeZone}>
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
