import { SampleSiteNotice } from "#app/components/site/agency-identity.tsx";
import { SiteFooter } from "#app/components/site/site-footer.tsx";
import { SiteHeader } from "#app/components/site/site-header.tsx";

/**
 * A public page's frame: the fixed header and side menu, the page as <main> (headed by the sample
 * notice while the agency details are samples), and the footer.
 */
export function SiteChrome({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 pt-header focus:outline-none">
        <SampleSiteNotice />
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
