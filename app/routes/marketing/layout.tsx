import { Outlet } from "react-router";

import { SiteChrome } from "#app/components/site/site-chrome.tsx";

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
