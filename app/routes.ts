import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

import { PRODUCT_LINES } from "./domain/reference/products.ts";
import { NOT_LICENSED_PATH } from "./domain/site/licensed-states.ts";
import { SPANISH_PREFIX, type Locale } from "./domain/site/locales.ts";
import { MARKETING_PATHS, productPath, SPANISH_PAGES } from "./domain/site/site-pages.ts";
import { QUOTE_REQUESTED_PATH } from "./domain/quote/quote-request.ts";
import { QUOTES_PATH } from "./domain/quote/insurer-quotes.ts";
import { POLICY_PATH } from "./domain/quote/bind-requests.ts";
import { CERTIFICATE_REQUEST_PATH, holderCertificatePath } from "./domain/quote/certificates.ts";
import { RENEWAL_REQUEST_PATH } from "./domain/quote/renewals.ts";
import { RENEWALS_PATH } from "./domain/quote/renewals.ts";
import {
  QUOTE_STEP_PATH,
  SUMMARY_PATH,
  WIZARD_PATH,
  WIZARD_STEP_ORDER,
} from "./domain/wizard/wizard-screens.ts";

/** A wizard screen's route: its path (the domain's) below WIZARD_PATH, and its module. */
function wizardRoute(path: string, file: string) {
  const below = path.slice(WIZARD_PATH.length + 1);
  return below === "" ? index(file) : route(below, file);
}

/** A page of the marketing site: its English path, its module, and an id where one module serves several. */
interface MarketingPage {
  path: string;
  file: string;
  id?: string;
}

/** A marketing page's module, by its English path: a product line's page, else the path's name. */
function marketingPage(path: string): MarketingPage {
  // One page per product line, from the catalog: the module finds its line from the path.
  const line = PRODUCT_LINES.find((candidate) => productPath(candidate.slug) === path);
  if (line) {
    return {
      path,
      file: "routes/marketing/product.tsx",
      id: `routes/marketing/product/${line.slug}`,
    };
  }
  return { path, file: path === "/" ? "routes/marketing/home.tsx" : `routes/marketing${path}.tsx` };
}

/** The marketing pages (MARKETING_PATHS, prerendered), and the resume link's landing page. */
const MARKETING_PAGES: readonly MarketingPage[] = [
  ...MARKETING_PATHS.map(marketingPage),
  { path: "/resume/:token", file: "routes/marketing/resume.tsx" },
];

/** A marketing page's route in a language: English keeps the module's own id, Spanish adds /es. */
function marketingRoute(page: MarketingPage, locale: Locale) {
  const id = locale === "en" ? page.id : `${page.id ?? page.file.replace(/\.tsx$/, "")}/es`;
  if (page.path === "/") return id === undefined ? index(page.file) : index(page.file, { id });
  const path = page.path.slice(1);
  return id === undefined ? route(path, page.file) : route(path, page.file, { id });
}

export default [
  // The marketing site: prerendered at build time (react-router.config.ts), no framework JavaScript.
  layout(
    "routes/marketing/layout.tsx",
    MARKETING_PAGES.map((page) => marketingRoute(page, "en")),
  ),
  // The Spanish pages (issue 31): the same modules below /es, each with an id of its own, for the
  // pages translated so far (SPANISH_PAGES). Not found while the SPANISH setting is off.
  ...prefix(SPANISH_PREFIX.slice(1), [
    layout(
      "routes/marketing/layout.tsx",
      { id: "routes/marketing/layout/es" },
      MARKETING_PAGES.filter((page) => SPANISH_PAGES.includes(page.path)).map((page) =>
        marketingRoute(page, "es"),
      ),
    ),
  ]),
  ...prefix(WIZARD_PATH.slice(1), [
    layout("routes/wizard/layout.tsx", [
      // Each step's screen is the module named by its id, at its path (WIZARD_STEP_ORDER).
      ...WIZARD_STEP_ORDER.map((step) => wizardRoute(step.path, `routes/wizard/${step.id}.tsx`)),
      // Where the wizard stops for a state the agency holds no licence in (decision 031).
      wizardRoute(NOT_LICENSED_PATH, "routes/wizard/not-licensed.tsx"),
      wizardRoute(SUMMARY_PATH, "routes/wizard/summary.tsx"),
      wizardRoute(QUOTE_STEP_PATH, "routes/wizard/quote.tsx"),
      wizardRoute(QUOTE_REQUESTED_PATH, "routes/wizard/quote-requested.tsx"),
      wizardRoute(QUOTES_PATH, "routes/wizard/quotes.tsx"),
      // A quote chosen: the request to bind it (bindPath).
      wizardRoute(`${QUOTES_PATH}/:quoteId/bind`, "routes/wizard/bind.tsx"),
      wizardRoute(POLICY_PATH, "routes/wizard/policy.tsx"),
      wizardRoute(CERTIFICATE_REQUEST_PATH, "routes/wizard/certificate.tsx"),
      wizardRoute(RENEWAL_REQUEST_PATH, "routes/wizard/renewal.tsx"),
    ]),
    // A document of the visitor's application (visitorDocumentPath): a download, no page.
    route("documents/:id", "routes/wizard/your-document.ts"),
  ]),
  // The lead desk: operators only. The layout's middleware sends anyone else to the sign-in page.
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("join/:token", "routes/admin/join.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/queue.tsx"),
      route("needs-action", "routes/admin/needs-action.tsx"),
      route("certificates", "routes/admin/certificates.tsx"),
      route(RENEWALS_PATH.slice("/admin/".length), "routes/admin/renewals.tsx"),
      route("submissions", "routes/admin/submissions.tsx"),
      route("submissions.csv", "routes/admin/submissions-csv.ts"),
      route("submissions/:id", "routes/admin/submission.tsx"),
      route("submissions/:id/lead.json", "routes/admin/submission-json.ts"),
      route("submissions/:id/quotes", "routes/admin/submission-quotes.tsx"),
      route("documents/:id", "routes/admin/request-document.ts"),
      route("funnel", "routes/admin/funnel.tsx"),
      route("call-backs", "routes/admin/call-backs.tsx"),
      route("messages", "routes/admin/contact-messages.tsx"),
      route("templates", "routes/admin/templates.tsx"),
      route("operators", "routes/admin/operators.tsx"),
      route("sign-out", "routes/admin/sign-out.ts"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
  // A certificate of insurance, for its holder: the secret link emailed to them (decision 045).
  route(holderCertificatePath(":token").slice(1), "routes/holder-certificate.ts"),
  route("healthz", "routes/healthz.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("favicon.svg", "routes/favicon-svg.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
