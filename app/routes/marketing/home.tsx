import { quoteSteps, testimonials, trustHeading, trustStats } from "#app/domain/site/marketing.ts";
import { anyLineApplyTime, PRODUCT_LINES } from "#app/domain/reference/products.ts";
import { AGENCY_PROOF } from "#app/domain/site/agency-proof.ts";

import { QUOTE_STEP_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { linkPath, PRODUCTS_ANCHOR, QUOTE_PATH } from "#app/domain/site/site-pages.ts";
import { site } from "#app/domain/site/site.ts";
import { m } from "#app/paraglide/messages.js";
import { useLocale } from "#app/hooks/use-locale.ts";
import { CallToAction } from "#app/components/site/call-to-action.tsx";
import { localizedPageMeta } from "#app/components/site/page-meta.ts";
import { ProductCarousel } from "#app/components/site/product-carousel.tsx";
import { TrustStatTiles } from "#app/components/site/trust-stats.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import { Container } from "#app/components/ui/container.tsx";
import {
  ArrowRightIcon,
  CheckIcon,
  ClockIcon,
  DocumentIcon,
  MailIcon,
  ShieldCheckIcon,
  SparkIcon,
} from "#app/components/ui/icons.tsx";

import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  localizedPageMeta(args, (locale) => ({
    path: "/",
    title: `${site.brand}: ${m.site_headline({}, { locale })}`,
    fullTitle: true,
    description: m.home_meta_description({ time: anyLineApplyTime(locale) }, { locale }),
  }));

export default function Home() {
  const locale = useLocale();
  return (
    <>
      <Hero />
      <TrustStats />
      <section
        id={PRODUCTS_ANCHOR}
        aria-labelledby="products-title"
        className="bg-surface py-16 sm:py-24"
      >
        <Container>
          <div className="max-w-2xl">
            <h2 id="products-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {m.home_products_title({}, { locale })}
            </h2>
            <p className="mt-3 text-lg text-muted">{m.home_products_text({}, { locale })}</p>
          </div>
          <div className="mt-8">
            <ProductCarousel />
          </div>
        </Container>
      </section>
      <Steps />
      <Testimonials />
      <CallToAction
        title={m.home_cta_title({}, { locale })}
        text={m.home_cta_text({ time: anyLineApplyTime(locale) }, { locale })}
      />
    </>
  );
}

function Hero() {
  const locale = useLocale();
  return (
    <section className="bg-linear-to-b from-brand-50 to-white">
      <Container className="grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-200">
            <SparkIcon className="size-4" />
            {m.home_badge({}, { locale })}
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl">
            {m.site_headline({}, { locale })}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted sm:text-xl">
            {m.site_tagline({}, { locale })}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={linkPath(QUOTE_PATH, locale)} className={buttonClasses("primary", "lg")}>
              {m.quote_link({}, { locale })}
              <ArrowRightIcon className="size-5" />
            </a>
            <a href={`#${PRODUCTS_ANCHOR}`} className={buttonClasses("secondary", "lg")}>
              {m.home_explore({}, { locale })}
            </a>
          </div>
          {/* The page is the same for everyone (prerendered): a visitor who has applied in this
              browser finds the plan here; anyone else is taken to the application (decision 017). */}
          <p className="mt-6 text-muted">
            {m.home_applied_already({}, { locale })}{" "}
            <a
              href={linkPath(QUOTE_STEP_PATH, locale)}
              className="font-semibold text-brand-700 underline"
            >
              {m.see_plan({}, { locale })}
            </a>
          </p>
        </div>
        <QuotePreview />
      </Container>
    </section>
  );
}

/**
 * A picture of the product drawn in HTML (no image to download, nothing that shifts): an
 * application sent, which a licensed agent is quoting. It shows what happens, nothing more, and
 * says it is an illustration, in its caption and to assistive technology, so that nobody takes it
 * for their own application (issue 26). The drawing itself is hidden from assistive technology:
 * the caption says what it shows.
 */
function QuotePreview() {
  const locale = useLocale();
  const lines = PRODUCT_LINES.slice(0, 3).map((line) => line.term({}, { locale }));
  return (
    <figure className="mx-auto w-full max-w-md lg:mr-0">
      <div
        aria-hidden="true"
        className="rounded-3xl border border-line bg-white p-6 shadow-xl sm:p-8"
      >
        <div className="flex items-center justify-between">
          <p className="font-semibold text-ink">{m.home_preview_application({}, { locale })}</p>
          <span className="rounded-full bg-success-50 px-3 py-1 text-sm font-semibold text-success-700">
            {m.home_preview_sent({}, { locale })}
          </span>
        </div>
        <ul className="mt-6 space-y-3">
          {lines.map((line) => (
            <li
              key={line}
              className="flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3"
            >
              <span className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-white">
                <CheckIcon className="size-4" />
              </span>
              <span className="font-medium text-ink">{line}</span>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex items-center gap-3 rounded-xl bg-brand-50 px-4 py-3 text-brand-800">
          <MailIcon className="size-6 shrink-0" />
          <span className="font-medium">{m.home_preview_agent({}, { locale })}</span>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted">
        <span className="font-semibold text-ink">
          {m.home_preview_caption_label({}, { locale })}
        </span>{" "}
        {m.home_preview_caption({}, { locale })}
      </figcaption>
    </figure>
  );
}

function TrustStats() {
  const locale = useLocale();
  return (
    <section aria-labelledby="trust-title" className="py-16 sm:py-20">
      <Container>
        <h2 id="trust-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          {trustHeading("home", AGENCY_PROOF, locale)}
        </h2>
        <TrustStatTiles stats={trustStats(AGENCY_PROOF, locale)} />
      </Container>
    </section>
  );
}

const STEP_ICONS = [ShieldCheckIcon, ClockIcon, DocumentIcon];

function Steps() {
  const locale = useLocale();
  return (
    <section aria-labelledby="steps-title" className="py-16 sm:py-24">
      <Container>
        <div className="max-w-2xl">
          <h2 id="steps-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {m.home_steps_title({}, { locale })}
          </h2>
          <p className="mt-3 text-lg text-muted">{m.home_steps_text({}, { locale })}</p>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {quoteSteps(locale).map((step, index) => {
            const StepIcon = STEP_ICONS[index] ?? ShieldCheckIcon;
            return (
              <li
                key={step.title}
                className="rounded-2xl border border-line bg-white p-6 shadow-xs"
              >
                <div className="flex items-center gap-3">
                  <span className="flex size-11 items-center justify-center rounded-full bg-brand-600 text-white">
                    <StepIcon className="size-6" />
                  </span>
                  <span className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                    {m.home_step_label({ number: index + 1 }, { locale })}
                  </span>
                </div>
                <h3 className="mt-4 text-xl font-semibold">{step.title}</h3>
                <p className="mt-2 text-muted">{step.description}</p>
              </li>
            );
          })}
        </ol>
      </Container>
    </section>
  );
}

/** The agency's testimonials, or the spec's samples marked as such (decision 014). */
function Testimonials() {
  const locale = useLocale();
  const { items, sample } = testimonials(AGENCY_PROOF, locale);
  return (
    <section aria-labelledby="testimonials-title" className="bg-surface py-16 sm:py-24">
      <Container>
        <h2
          id="testimonials-title"
          className="text-center text-3xl font-bold tracking-tight sm:text-4xl"
        >
          {m.home_testimonials_title({}, { locale })}
        </h2>
        {sample ? (
          <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-muted">
            {m.home_testimonials_sample_note({}, { locale })}
          </p>
        ) : null}
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {items.map((testimonial) => (
            <li key={testimonial.author}>
              <figure className="flex h-full flex-col rounded-2xl border border-line bg-white p-6 shadow-xs">
                {sample ? (
                  <p className="mb-3 self-start rounded-full bg-accent-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-accent-700 uppercase">
                    {m.sample({}, { locale })}
                  </p>
                ) : null}
                <blockquote className="flex-1 text-lg text-ink">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
                  >
                    {testimonial.initials}
                  </span>
                  <span>
                    <span className="block font-semibold text-ink">{testimonial.author}</span>
                    <span className="block text-sm text-muted">{testimonial.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
