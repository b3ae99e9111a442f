import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";

import type { Route } from "./+types/root";
import "./app.css";
import { useNonce } from "./components/nonce-provider.tsx";

/** A route module's `handle`: `hydrate: true` ships React to the browser for that page. */
export interface RouteHandle {
  hydrate?: boolean;
}

function useHydration(): boolean {
  return useMatches().some(
    (match) => (match.handle as RouteHandle | undefined)?.hydrate === true,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const hydrate = useHydration();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans antialiased">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound) {
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-6xl font-bold">404</h1>
        <p className="mt-4 text-xl">Oops! Page not found</p>
        <a
          className="mt-8 inline-block font-semibold text-brand-700 underline"
          href="/"
        >
          Return to Home
        </a>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Unexpected Application Error!</title>
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4">
        Something went wrong on our side. Please try again in a moment.
      </p>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mt-6 overflow-x-auto text-left text-sm">
          {error.stack}
        </pre>
      ) : null}
      <a
        className="mt-8 inline-block font-semibold text-brand-700 underline"
        href="/"
      >
        Return to Home
      </a>
    </main>
  );
}
