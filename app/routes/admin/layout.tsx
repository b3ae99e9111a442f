import { isRouteErrorResponse, Outlet, useLocation, useRouteLoaderData } from "react-router";

import { AdminHeader, adminMeta } from "#app/components/admin/admin-ui.tsx";
import { refusals } from "#app/domain/site/messages.ts";
import { getOperator, requireOperator } from "#app/server/admin/admin-auth.server.ts";

import type { Route } from "./+types/layout";

/** Every lead desk route below this layout is for signed-in operators only. */
export const middleware: Route.MiddlewareFunction[] = [requireOperator];

export const meta: Route.MetaFunction = () => adminMeta("Lead desk");

export function loader({ context }: Route.LoaderArgs) {
  return { email: getOperator(context).email };
}

function Frame({ email, children }: { email?: string; children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
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
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame email={loaderData.email}>
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
      : (refusals[status] ?? {
          title: "Something went wrong",
          body: "The lead desk could not show this page. Please try again in a moment.",
        });
  return (
    <Frame email={layout?.email}>
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="mt-2 text-muted">{body}</p>
      <p className="mt-6">
        <a href="/admin" className="font-semibold text-brand-700 underline">
          Back to submissions
        </a>
      </p>
    </Frame>
  );
}
