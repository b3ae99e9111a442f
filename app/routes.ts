import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

import { PRODUCT_LINES } from "./domain/products.ts";

export default [
  // The marketing site: prerendered at build time (react-router.config.ts), no framework JavaScript.
  layout("routes/marketing/layout.tsx", [
    index("routes/marketing/home.tsx"),
    // One page per product line, from the catalog: the module finds its line from the path.
    ...PRODUCT_LINES.map((line) =>
      route(line.slug, "routes/marketing/product.tsx", {
        id: `routes/marketing/product/${line.slug}`,
      }),
    ),
    route("about", "routes/marketing/about.tsx"),
    route("contact", "routes/marketing/contact.tsx"),
    route("talk-to-an-expert", "routes/marketing/talk-to-an-expert.tsx"),
    route("privacy", "routes/marketing/privacy.tsx"),
    route("terms", "routes/marketing/terms.tsx"),
    route("cookies", "routes/marketing/cookies.tsx"),
    route("login", "routes/marketing/login.tsx"),
    route("resume/:token", "routes/marketing/resume.tsx"),
  ]),
  ...prefix("business-wizard", [
    layout("routes/wizard/layout.tsx", [
      index("routes/wizard/start.tsx"),
      // Where the wizard stops for a state the agency holds no licence in (decision 031).
      route("not-licensed", "routes/wizard/not-licensed.tsx"),
      route("segments", "routes/wizard/segments.tsx"),
      route("email", "routes/wizard/email.tsx"),
      route("questionnaire-1", "routes/wizard/questionnaire-1.tsx"),
      route("questionnaire-2", "routes/wizard/questionnaire-2.tsx"),
      route("questionnaire-3", "routes/wizard/questionnaire-3.tsx"),
      route("summary", "routes/wizard/summary.tsx"),
      route("quote", "routes/wizard/quote.tsx"),
      route("quote/requested", "routes/wizard/quote-requested.tsx"),
    ]),
  ]),
  // The lead desk: operators only. The layout's middleware sends anyone else to the sign-in page.
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/submissions.tsx"),
      route("submissions.csv", "routes/admin/submissions-csv.ts"),
      route("submissions/:id", "routes/admin/submission.tsx"),
      route("submissions/:id/lead.json", "routes/admin/submission-json.ts"),
      route("funnel", "routes/admin/funnel.tsx"),
      route("call-backs", "routes/admin/call-backs.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("sign-out", "routes/admin/sign-out.ts"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
  route("healthz", "routes/healthz.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("favicon.svg", "routes/favicon-svg.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
