import { Outlet } from "react-router";

import { SiteChrome } from "#app/components/site/site-chrome.tsx";
import { refuseLanguagesOff } from "#app/server/http/site-languages.server.ts";

import type { Route } from "./+types/layout";

/** A Spanish page is not found while the SPANISH setting is off. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => refuseLanguagesOff(request, context),
];

/**
 * The marketing pages' layout: header, side menu and footer around the page. No `handle.hydrate`:
 * these pages ship no framework JavaScript, only the site script (see SiteScript).
 */
export default function MarketingLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}
