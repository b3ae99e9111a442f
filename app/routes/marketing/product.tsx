import { useLocation } from "react-router";

import { productTrustStats, trustHeading } from "#app/domain/site/marketing.ts";
import {
  allFaqs,
  getProductPage,
  publishedPrices,
  type ProductPage,
  type SamplePolicy,
} from "#app/domain/reference/product-pages.ts";
import {
  figureMeasureText,
  TYPICAL_PRICE_DISCLAIMER,
} from "#app/domain/reference/market-figures.ts";
import { applyTime, PRODUCT_LINES, type ProductLine } from "#app/domain/reference/products.ts";
import { productPath, QUOTE_LINK_LABEL, QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { CallToAction } from "#app/components/site/call-to-action.tsx";
import { FaqAccordion } from "#app/components/site/faq-accordion.tsx";
import { IndustryGrid } from "#app/components/site/industry-grid.tsx";
import { TrustStatTiles } from "#app/components/site/trust-stats.tsx";
import { faqPageJsonLd, pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { buttonClasses } from "#app/components/ui/button.ts";
import { Container } from "#app/components/ui/container.tsx";
import {
  ArrowRightIcon,
  CheckIcon,
  ClockIcon,
  ShieldCheckIcon,
} from "#app/components/ui/icons.tsx";

import type { Route } from "./+types/product";

/** The product line whose page this is: app/routes.ts mounts this module once per line. */
function productLineAt(pathname: string): ProductLine {
  const slug = pathname.replace(/^\/+|\/+$/g, "").toLowerCase();
  const line = PRODUCT_LINES.find((candidate) => candidate.slug === slug);
  if (!line) throw new Error(`No product line at ${pathname}`);
  return line;
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const line = productLineAt(location.pathname);
  const page = getProductPage(line.slug);
  return pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: productPath(line.slug),
    title: page.headline,
    description: page.summary,
    jsonLd: [faqPageJsonLd(allFaqs(page))],
  });
};

export default function ProductPageScreen() {
  const line = productLineAt(useLocation().pathname);
  const page = getProductPage(line.slug);
  return (
    <>
      <Hero line={line} page={page} />
      <section aria-labelledby="industries-title" className="py-16 sm:py-20">
        <Container>
          <h2 id="industries-title" className="text-3xl font-bold tracking-tight">
            Get a quote for your industry
          </h2>
          <p className="mt-3 text-lg text-muted">Choose your industry to start your quote.</p>
          <div className="mt-8">
            <IndustryGrid />
          </div>
        </Container>
      </section>
      <Covered line={line} page={page} />
      {page.pricesPaid && page.samplePolicy ? (
        <PricesPaid
          line={line}
          limitsNote={page.pricesPaid.limitsNote}
          policy={page.samplePolicy}
        />
      ) : null}
      <Trust line={line} />
      <section aria-labelledby="faq-title" className="bg-surface py-16 sm:py-24">
        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6">
          <h2 id="faq-title" className="text-3xl font-bold tracking-tight">
            Common Questions
          </h2>
          <div className="mt-8">
            <FaqAccordion faqs={page.faqs} group={page.faqGroup} />
          </div>
        </div>
      </section>
      <CallToAction
        title="Ready to protect your business?"
        text={`Apply for ${line.name} in about ${applyTime(line)}: a licensed agent sends your quote. Or talk with an expert first.`}
        product={line.slug}
      />
    </>
  );
}

function Hero({ line, page }: { line: ProductLine; page: ProductPage }) {
  return (
    <section className="bg-linear-to-b from-brand-50 to-white">
      <Container className="grid gap-10 py-14 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center">
        <div>
          <p className="font-semibold text-brand-700">{line.name}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {page.headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted">{page.intro}</p>
          <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
            <a href={QUOTE_PATH} className={buttonClasses("primary", "lg")}>
              {QUOTE_LINK_LABEL}
              <ArrowRightIcon className="size-5" />
            </a>
            <p className="flex items-center gap-2 text-muted">
              <ClockIcon className="size-5 text-brand-700" />
              Apply in about {applyTime(line)}
            </p>
          </div>
        </div>
        <aside
          aria-labelledby="who-title"
          className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="who-title" className="text-xl font-semibold">
            Who needs it?
          </h2>
          <p className="mt-2 text-muted">{page.whoNeedsIt.intro}</p>
          <ul className="mt-4 space-y-3">
            {page.whoNeedsIt.examples.map((example) => (
              <li key={example} className="flex gap-3">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>{example}</span>
              </li>
            ))}
          </ul>
        </aside>
      </Container>
    </section>
  );
}

function Covered({ line, page }: { line: ProductLine; page: ProductPage }) {
  return (
    <section aria-labelledby="covered-title" className="bg-surface py-16 sm:py-24">
      <Container>
        <h2 id="covered-title" className="text-3xl font-bold tracking-tight">
          What&apos;s Covered
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-muted">
          What a typical {line.name} policy pays for. Your policy documents set out the exact
          coverage, limits and exclusions.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {page.covered.map((item) => (
            <li key={item.title} className="rounded-2xl border border-line bg-white p-6 shadow-xs">
              <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <ShieldCheckIcon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-muted">{item.description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 rounded-2xl border border-line bg-white p-6 sm:p-8">
          <h3 className="text-lg font-semibold">Usually not covered</h3>
          <ul className="mt-4 grid gap-3 text-muted sm:grid-cols-2">
            {page.notCovered.map((item) => (
              <li key={item} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="mt-2.5 size-1.5 shrink-0 rounded-full bg-muted"
                />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}

/** An amount of dollars as the page shows it: "$1,675". */
function dollars(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}

/**
 * Workers' comp only (docs/product.md, "Pages and addresses" and "The saved application", issue 26): what other small businesses paid, the
 * published medians with their sources and the not-a-quote words, what the policy's limits are,
 * and a sample policy card marked as a sample (the spec's VERIFIED badge says SAMPLE: decision
 * 014).
 */
function PricesPaid({
  line,
  limitsNote,
  policy,
}: {
  line: ProductLine;
  limitsNote: string;
  policy: SamplePolicy;
}) {
  return (
    <section aria-labelledby="prices-paid-title" className="py-16 sm:py-24">
      <Container>
        <h2 id="prices-paid-title" className="text-3xl font-bold tracking-tight">
          Published premiums for other small businesses
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-muted">
          Published medians for {line.name}. Your own price depends on your payroll, the work your
          employees do, your state and your claims: a licensed agent gets you quotes.
        </p>
        <p className="mt-3 max-w-2xl text-muted">{limitsNote}</p>
        <div className="mt-10 grid gap-6 xl:grid-cols-4">
          <ul className="grid gap-6 md:grid-cols-3 xl:col-span-3">
            {publishedPrices(line.slug).map(({ basis, figure }) => (
              <li
                key={basis}
                className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm"
              >
                <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">
                  {basis}
                </h3>
                <p className="mt-3 text-ink">
                  <span className="text-4xl font-extrabold">{dollars(figure.monthly)}</span> a month
                </p>
                <p className="mt-1 text-muted">
                  Median premium{figure.yearly ? ` (${dollars(figure.yearly)} a year)` : ""},{" "}
                  {figureMeasureText(figure.source)}
                </p>
                <p className="mt-4 text-sm text-muted">
                  Source:{" "}
                  <a
                    href={figure.source.url}
                    className="text-brand-700 underline"
                    rel="noopener noreferrer"
                  >
                    {figure.source.publisher}
                  </a>{" "}
                  (gathered {figure.source.read})
                </p>
                <p className="mt-2 text-sm text-muted">{TYPICAL_PRICE_DISCLAIMER}</p>
              </li>
            ))}
          </ul>
          <article
            aria-labelledby="sample-policy-title"
            className="rounded-2xl border-2 border-brand-600 bg-brand-50 p-6 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <h3 id="sample-policy-title" className="text-lg font-semibold text-ink">
                Sample policy: {policy.title}
              </h3>
              <span className="rounded-full bg-accent-100 px-3 py-1 text-xs font-bold tracking-wider text-accent-700">
                {policy.status}
              </span>
            </div>
            <dl className="mt-5 space-y-3">
              {policy.rows.map((row) => (
                <div key={row.label}>
                  <dt className="text-sm text-muted">{row.label}</dt>
                  <dd className="font-medium text-ink">{row.value}</dd>
                </div>
              ))}
            </dl>
          </article>
        </div>
      </Container>
    </section>
  );
}

function Trust({ line }: { line: ProductLine }) {
  return (
    <section aria-labelledby="trust-title" className="py-16 sm:py-20">
      <Container>
        <h2 id="trust-title" className="text-center text-3xl font-bold tracking-tight">
          {trustHeading("product")}
        </h2>
        <TrustStatTiles stats={productTrustStats(line)} />
      </Container>
    </section>
  );
}
