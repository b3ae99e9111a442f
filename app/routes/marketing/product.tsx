import { useLocation } from "react-router";

import { productTrustStats, trustHeading } from "#app/domain/site/marketing.ts";
import {
  allFaqs,
  getProductPage,
  publishedPrices,
  type ProductPage,
  type SamplePolicy,
} from "#app/domain/reference/product-pages.ts";
import { figureMeasureText } from "#app/domain/reference/market-figures.ts";
import { applyTime, PRODUCT_LINES, type ProductLine } from "#app/domain/reference/products.ts";
import { AGENCY_PROOF } from "#app/domain/site/agency-proof.ts";
import { basePath, type Locale, type Message } from "#app/domain/site/locales.ts";
import { linkPath, productPath, QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { useLocale } from "#app/hooks/use-locale.ts";
import { CallToAction } from "#app/components/site/call-to-action.tsx";
import { FaqAccordion } from "#app/components/site/faq-accordion.tsx";
import { IndustryGrid } from "#app/components/site/industry-grid.tsx";
import { TrustStatTiles } from "#app/components/site/trust-stats.tsx";
import { faqPageJsonLd, localizedPageMeta } from "#app/components/site/page-meta.ts";
import { buttonClasses } from "#app/components/ui/button.ts";
import { Container } from "#app/components/ui/container.tsx";
import {
  ArrowRightIcon,
  CheckIcon,
  ClockIcon,
  ShieldCheckIcon,
} from "#app/components/ui/icons.tsx";

import type { Route } from "./+types/product";

/** The product line whose page this is: app/routes.ts mounts this module once per line and language. */
function productLineAt(pathname: string): ProductLine {
  const slug = basePath(pathname)
    .replace(/^\/+|\/+$/g, "")
    .toLowerCase();
  const line = PRODUCT_LINES.find((candidate) => candidate.slug === slug);
  if (!line) throw new Error(`No product line at ${pathname}`);
  return line;
}

export const meta: Route.MetaFunction = (args) => {
  const line = productLineAt(args.location.pathname);
  const page = getProductPage(line.slug);
  return localizedPageMeta(args, (locale) => ({
    path: productPath(line.slug),
    title: page.headline({}, { locale }),
    description: page.summary({}, { locale }),
    jsonLd: [faqPageJsonLd(allFaqs(page), locale)],
  }));
};

export default function ProductPageScreen() {
  const line = productLineAt(useLocation().pathname);
  const page = getProductPage(line.slug);
  const locale = useLocale();
  return (
    <>
      <Hero line={line} page={page} />
      <section aria-labelledby="industries-title" className="py-16 sm:py-20">
        <Container>
          <h2 id="industries-title" className="text-3xl font-bold tracking-tight">
            {m.product_industries_title({}, { locale })}
          </h2>
          <p className="mt-3 text-lg text-muted">{m.product_industries_text({}, { locale })}</p>
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
            {m.faq_title({}, { locale })}
          </h2>
          <div className="mt-8">
            <FaqAccordion faqs={page.faqs} group={page.faqGroup} />
          </div>
        </div>
      </section>
      <CallToAction
        title={m.home_cta_title({}, { locale })}
        text={m.product_cta_text(
          { line: line.term({}, { locale }), time: applyTime(line, locale) },
          { locale },
        )}
        product={line.slug}
      />
    </>
  );
}

function Hero({ line, page }: { line: ProductLine; page: ProductPage }) {
  const locale = useLocale();
  return (
    <section className="bg-linear-to-b from-brand-50 to-white">
      <Container className="grid gap-10 py-14 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center">
        <div>
          <p className="font-semibold text-brand-700">{line.term({}, { locale })}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {page.headline({}, { locale })}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted">{page.intro({}, { locale })}</p>
          <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
            <a href={linkPath(QUOTE_PATH, locale)} className={buttonClasses("primary", "lg")}>
              {m.quote_link({}, { locale })}
              <ArrowRightIcon className="size-5" />
            </a>
            <p className="flex items-center gap-2 text-muted">
              <ClockIcon className="size-5 text-brand-700" />
              {m.carousel_apply_in({ time: applyTime(line, locale) }, { locale })}
            </p>
          </div>
        </div>
        <aside
          aria-labelledby="who-title"
          className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="who-title" className="text-xl font-semibold">
            {m.product_who_needs({}, { locale })}
          </h2>
          <p className="mt-2 text-muted">{page.whoNeedsIt.intro({}, { locale })}</p>
          <ul className="mt-4 space-y-3">
            {page.whoNeedsIt.examples.map((example) => (
              <li key={example({}, { locale })} className="flex gap-3">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>{example({}, { locale })}</span>
              </li>
            ))}
          </ul>
        </aside>
      </Container>
    </section>
  );
}

function Covered({ line, page }: { line: ProductLine; page: ProductPage }) {
  const locale = useLocale();
  return (
    <section aria-labelledby="covered-title" className="bg-surface py-16 sm:py-24">
      <Container>
        <h2 id="covered-title" className="text-3xl font-bold tracking-tight">
          {m.product_covered_title({}, { locale })}
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-muted">
          {m.product_covered_text({ line: line.term({}, { locale }) }, { locale })}
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {page.covered.map((item) => (
            <li
              key={item.title({}, { locale })}
              className="rounded-2xl border border-line bg-white p-6 shadow-xs"
            >
              <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <ShieldCheckIcon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{item.title({}, { locale })}</h3>
              <p className="mt-2 text-muted">{item.description({}, { locale })}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 rounded-2xl border border-line bg-white p-6 sm:p-8">
          <h3 className="text-lg font-semibold">{m.product_not_covered({}, { locale })}</h3>
          <ul className="mt-4 grid gap-3 text-muted sm:grid-cols-2">
            {page.notCovered.map((item) => (
              <li key={item({}, { locale })} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="mt-2.5 size-1.5 shrink-0 rounded-full bg-muted"
                />
                <span>{item({}, { locale })}</span>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}

/** An amount of dollars as the page shows it: "$1,675" (US Spanish writes it the same way). */
function dollars(amount: number, locale: Locale): string {
  return `$${amount.toLocaleString(`${locale}-US`)}`;
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
  limitsNote: Message;
  policy: SamplePolicy;
}) {
  const locale = useLocale();
  return (
    <section aria-labelledby="prices-paid-title" className="py-16 sm:py-24">
      <Container>
        <h2 id="prices-paid-title" className="text-3xl font-bold tracking-tight">
          {m.product_prices_title({}, { locale })}
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-muted">
          {m.product_prices_text({ line: line.term({}, { locale }) }, { locale })}
        </p>
        <p className="mt-3 max-w-2xl text-muted">{limitsNote({}, { locale })}</p>
        <div className="mt-10 grid gap-6 xl:grid-cols-4">
          <ul className="grid gap-6 md:grid-cols-3 xl:col-span-3">
            {publishedPrices(line.slug, locale).map(({ basis, figure }) => (
              <li
                key={basis}
                className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm"
              >
                <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">
                  {basis}
                </h3>
                <p className="mt-3 text-ink">
                  {withSlots(m.product_per_month({ amount: slot("amount") }, { locale }), {
                    amount: (
                      <span className="text-4xl font-extrabold">
                        {dollars(figure.monthly, locale)}
                      </span>
                    ),
                  })}
                </p>
                <p className="mt-1 text-muted">
                  {figure.yearly
                    ? m.product_median_yearly(
                        {
                          yearly: dollars(figure.yearly, locale),
                          measure: figureMeasureText(figure.source, locale),
                        },
                        { locale },
                      )
                    : m.product_median(
                        { measure: figureMeasureText(figure.source, locale) },
                        { locale },
                      )}
                </p>
                <p className="mt-4 text-sm text-muted">
                  {withSlots(
                    m.product_source(
                      { publisher: slot("publisher"), month: figure.source.read },
                      { locale },
                    ),
                    {
                      publisher: (
                        <a
                          href={figure.source.url}
                          className="text-brand-700 underline"
                          rel="noopener noreferrer"
                        >
                          {figure.source.publisher}
                        </a>
                      ),
                    },
                  )}
                </p>
                <p className="mt-2 text-sm text-muted">{m.figure_disclaimer({}, { locale })}</p>
              </li>
            ))}
          </ul>
          <article
            aria-labelledby="sample-policy-title"
            className="rounded-2xl border-2 border-brand-600 bg-brand-50 p-6 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <h3 id="sample-policy-title" className="text-lg font-semibold text-ink">
                {m.product_sample_policy({ title: policy.title({}, { locale }) }, { locale })}
              </h3>
              <span className="rounded-full bg-accent-100 px-3 py-1 text-xs font-bold tracking-wider text-accent-700 uppercase">
                {m.sample({}, { locale })}
              </span>
            </div>
            <dl className="mt-5 space-y-3">
              {policy.rows.map((row) => (
                <div key={row.label({}, { locale })}>
                  <dt className="text-sm text-muted">{row.label({}, { locale })}</dt>
                  <dd className="font-medium text-ink">{row.value({}, { locale })}</dd>
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
  const locale = useLocale();
  return (
    <section aria-labelledby="trust-title" className="py-16 sm:py-20">
      <Container>
        <h2 id="trust-title" className="text-center text-3xl font-bold tracking-tight">
          {trustHeading("product", AGENCY_PROOF, locale)}
        </h2>
        <TrustStatTiles stats={productTrustStats(line, AGENCY_PROOF, locale)} />
      </Container>
    </section>
  );
}
