import { ANY_LINE_APPLY_TIME, PRODUCT_LINES } from "#app/domain/reference/products.ts";
import { QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { site } from "#app/domain/site/site.ts";
import { pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { PageIntro, Prose } from "#app/components/site/page-intro.tsx";

import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: "/about",
    title: "About Us",
    description: `${site.brand} helps owners of small and mid-size US businesses understand business insurance and apply online in about ${ANY_LINE_APPLY_TIME}; a licensed agent sends the quotes.`,
  });

export default function About() {
  return (
    <>
      <PageIntro title={`About ${site.brand}`}>
        <p>
          We help owners of small and mid-size US businesses understand business insurance and get
          covered without the paperwork.
        </p>
      </PageIntro>
      <Prose>
        <h2>What we do</h2>
        <p>
          Insurance is full of jargon, and most business owners have better things to do than decode
          it. {site.brand} explains each kind of business insurance in plain language, asks only the
          questions that matter for your business, and lets you apply for a quote online at any
          hour.
        </p>
        <p>
          We cover {PRODUCT_LINES.length} lines of business insurance, from general liability and
          workers&apos; compensation to cyber and fiduciary liability, for businesses in
          construction, food and beverage, retail, professional services, cleaning and many other
          trades.
        </p>
        <h2>How it works</h2>
        <ul>
          <li>
            Tell us about your business: your industry, your state and what you do. It takes about{" "}
            {ANY_LINE_APPLY_TIME}.
          </li>
          <li>
            A licensed agent reviews your application and sends you quotes for the coverage that
            fits.
          </li>
          <li>
            Pick a plan. Once your policy is bound, the insurer issues your certificate of
            insurance.
          </li>
        </ul>
        <h2>People when you want them</h2>
        <p>
          You can apply online at any hour, and our team is a phone call away: {site.phoneHours}.
          Call sales on <a href={`tel:${site.salesPhone.tel}`}>{site.salesPhone.label}</a> or
          support on <a href={`tel:${site.supportPhone.tel}`}>{site.supportPhone.label}</a>, or{" "}
          <a href="/contact">send us a message</a>.
        </p>
        <p>
          Ready to see what your coverage could look like? <a href={QUOTE_PATH}>Start a quote</a>.
        </p>
      </Prose>
    </>
  );
}
