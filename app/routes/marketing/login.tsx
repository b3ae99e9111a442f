import { site } from "#app/domain/site.ts";
import { QUOTE_PATH } from "#app/domain/site-pages.ts";
import { pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { PageIntro } from "#app/components/site/page-intro.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import { PhoneIcon } from "#app/components/ui/icons.tsx";

import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: "/login",
    title: "Log in",
    description: `How to reach ${site.brand} about your quote or policy.`,
    noindex: true,
  });

/** Until accounts exist (a later issue), Log in says how to reach us instead. */
export default function Login() {
  return (
    <>
      <PageIntro title="Log in">
        <p>
          Online accounts aren&apos;t available yet. Until they are, we&apos;re happy to help by
          phone.
        </p>
      </PageIntro>
      <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-2">
          <li className="rounded-2xl border border-line bg-white p-6">
            <h2 className="text-lg font-semibold">Your quote or policy</h2>
            <p className="mt-1 text-muted">Call support</p>
            <a
              href={`tel:${site.supportPhone.tel}`}
              className="mt-3 inline-flex items-center gap-2 text-xl font-semibold text-brand-700 underline"
            >
              <PhoneIcon className="size-5" />
              {site.supportPhone.label}
            </a>
          </li>
          <li className="rounded-2xl border border-line bg-white p-6">
            <h2 className="text-lg font-semibold">New coverage</h2>
            <p className="mt-1 text-muted">Call sales</p>
            <a
              href={`tel:${site.salesPhone.tel}`}
              className="mt-3 inline-flex items-center gap-2 text-xl font-semibold text-brand-700 underline"
            >
              <PhoneIcon className="size-5" />
              {site.salesPhone.label}
            </a>
          </li>
        </ul>
        <p className="mt-6 text-muted">
          Our team answers {site.phoneHours}. You can also{" "}
          <a href="/contact" className="font-medium text-brand-700 underline">
            send us a message
          </a>
          .
        </p>
        <a href={QUOTE_PATH} className={`${buttonClasses("primary", "lg")} mt-8`}>
          Get Instant Quote
        </a>
      </div>
    </>
  );
}
