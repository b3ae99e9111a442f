import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

import { PRODUCT_LINES } from "./domain/reference/products.ts";
import { SPANISH_PREFIX, type Locale } from "./domain/site/locales.ts";
import { MARKETING_PATHS, productPath, SPANISH_PAGES } from "./domain/site/site-pages.ts";
import { QUOTE_REQUESTED_PATH } from "./domain/quote/quote-request.ts";
import { QUOTES_PATH } from "./domain/quote/insurer-quotes.ts";
import { DESK_QUOTES_PAGE } from "./domain/quote/request-documents.ts";
import { POLICY_PATH } from "./domain/quote/bind-requests.ts";
import { CERTIFICATE_REQUEST_PATH, holderCertificatePath } from "./domain/quote/certificates.ts";
import { RENEWAL_REQUEST_PATH } from "./domain/quote/renewals.ts";
import { RENEWALS_PATH } from "./domain/quote/renewals.ts";
import {
  BIND_PATH_PATTERN,
  NOT_LICENSED_PATH,
  QUOTE_STEP_PATH,
  SUMMARY_PATH,
  WIZARD_PATH,
  WIZARD_STEP_ORDER,
} from "./domain/wizard/wizard-screens.ts";

/** A wizard screen: its path (the domain's, WIZARD_PATH and below) and its module. */
interface WizardPage {
  path: string;
  file: string;
}

/** The wizard's screens. */
const WIZARD_PAGES: readonly WizardPage[] = [
  // Each step's screen is the module named by its id, at its path (WIZARD_STEP_ORDER).
  ...WIZARD_STEP_ORDER.map((step) => ({ path: step.path, file: `routes/wizard/${step.id}.tsx` })),
  // Where the wizard stops for a state the agency holds no licence in (decision 031).
  { path: NOT_LICENSED_PATH, file: "routes/wizard/not-licensed.tsx" },
  { path: SUMMARY_PATH, file: "routes/wizard/summary.tsx" },
  { path: QUOTE_STEP_PATH, file: "routes/wizard/quote.tsx" },
  { path: QUOTE_REQUESTED_PATH, file: "routes/wizard/quote-requested.tsx" },
  { path: QUOTES_PATH, file: "routes/wizard/quotes.tsx" },
  // A quote chosen: the request to bind it (bindPath).
  { path: BIND_PATH_PATTERN, file: "routes/wizard/bind.tsx" },
  { path: POLICY_PATH, file: "routes/wizard/policy.tsx" },
  { path: CERTIFICATE_REQUEST_PATH, file: "routes/wizard/certificate.tsx" },
  { path: RENEWAL_REQUEST_PATH, file: "routes/wizard/renewal.tsx" },
];

/** A wizard screen's route below WIZARD_PATH: English keeps the module's id, Spanish adds /es. */
function wizardRoute(page: WizardPage, locale: Locale) {
  const below = page.path.slice(WIZARD_PATH.length + 1);
  if (locale === "en") return below === "" ? index(page.file) : route(below, page.file);
  const id = `${page.file.replace(/\.tsx$/, "")}/es`;
  return below === "" ? index(page.file, { id }) : route(below, page.file, { id });
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
  // pages with a Spanish version (SPANISH_PAGES). Not found when the SPANISH setting is off.
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
    layout(
      "routes/wizard/layout.tsx",
      WIZARD_PAGES.map((page) => wizardRoute(page, "en")),
    ),
    // A document of the visitor's application (visitorDocumentPath): a download, no page.
    route("documents/:id", "routes/wizard/your-document.ts"),
  ]),
  // The wizard's screens (SPANISH_PAGES), below /es, as the marketing pages are.
  ...prefix(`${SPANISH_PREFIX.slice(1)}${WIZARD_PATH}`, [
    layout(
      "routes/wizard/layout.tsx",
      { id: "routes/wizard/layout/es" },
      WIZARD_PAGES.filter((page) => SPANISH_PAGES.includes(page.path)).map((page) =>
        wizardRoute(page, "es"),
      ),
    ),
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
      // Certificates drawn from the policy, and the customer's holders (decision 069).
      route("submissions/:id/certificates/:certificateId", "routes/admin/certificate-draw.tsx"),
      route(
        "submissions/:id/certificates/:certificateId/certificate.pdf",
        "routes/admin/certificate-draw-pdf.ts",
      ),
      route("submissions/:id/holders", "routes/admin/certificate-holders.tsx"),
      route(DESK_QUOTES_PAGE.slice("/admin/".length), "routes/admin/submission-quotes.tsx"),
      route("submissions/:id/policy", "routes/admin/submission-policy.tsx"),
      route("documents/:id", "routes/admin/request-document.ts"),
      route("funnel", "routes/admin/funnel.tsx"),
      route("call-backs", "routes/admin/call-backs.tsx"),
      route("waitlist", "routes/admin/waitlist.tsx"),
      route("waitlist.csv", "routes/admin/waitlist-csv.ts"),
      route("messages", "routes/admin/contact-messages.tsx"),
      route("templates", "routes/admin/templates.tsx"),
      route("operators", "routes/admin/operators.tsx"),
      route("profile", "routes/admin/profile.tsx"),
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
