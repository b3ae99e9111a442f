import { data, Outlet, useLocation } from "react-router";

import { AgencyIdentity, SampleSiteNotice } from "#app/components/site/agency-identity.tsx";
import { LanguageSwitch } from "#app/components/site/language-switch.tsx";
import { SiteHeader } from "#app/components/site/site-header.tsx";
import { ToastAnnouncer } from "#app/components/wizard/toast-region.tsx";
import { basePath } from "#app/domain/site/locales.ts";
import { pagePath } from "#app/domain/site/site-pages.ts";
import { isStepPath } from "#app/domain/wizard/wizard-screens.ts";
import { takeToast } from "#app/server/http/flash.server.ts";
import { refuseLanguagesOff } from "#app/server/http/site-languages.server.ts";
import { funnelMarks } from "#app/server/wizard/funnel.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/layout";

/**
 * A Spanish screen while Spanish is off is not found; the wizard's funnel counts
 * (app/server/wizard/funnel.server.ts) reach the browser on the way out.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => refuseLanguagesOff(request, context),
  funnelMarks,
];

/** Reads (and clears) a toast flashed by the previous step's action. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, setCookie } = await takeToast(getServices(context).env, request);
  return data(
    { toast: toast ?? null },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export default function WizardLayout() {
  // A step's form has its own switch, which keeps what is typed (StepActions).
  const onStep = isStepPath(basePath(pagePath(useLocation().pathname)));
  return (
    <div className="min-h-screen bg-slate-50">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="pt-header focus:outline-none">
        <SampleSiteNotice />
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto w-full max-w-2xl space-y-2 px-4 py-6 text-sm text-muted">
          {/* The same screen in the other language, the answers kept (they are the draft's). */}
          {onStep ? null : <LanguageSwitch className="font-medium text-brand-700 underline" />}
          <AgencyIdentity />
        </div>
      </footer>
      <ToastAnnouncer />
    </div>
  );
}
