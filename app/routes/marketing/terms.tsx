import { site } from "#app/domain/site/site.ts";
import { pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { PageIntro, Prose } from "#app/components/site/page-intro.tsx";

import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: "/terms",
    title: "Terms of Use",
    description: `The terms for using the ${site.brand} website and its quote application.`,
  });

export default function Terms() {
  return (
    <>
      <PageIntro title="Terms of Use">
        <p>The rules for using this website. By using it, you agree to them.</p>
      </PageIntro>
      <Prose>
        <h2>What this site is</h2>
        <p>
          {site.brand} explains business insurance and lets owners of US businesses apply for a
          quote online. The explanations on this site are general information, not legal, tax or
          insurance advice for your situation.
        </p>
        <h2>Quotes and coverage</h2>
        <ul>
          <li>
            A quote is based on the information you give us. It is not a policy, and you are not
            covered until an insurance company issues your policy and confirms it in writing.
          </li>
          <li>
            What a policy covers, its limits and its exclusions are set by the policy documents,
            which take precedence over anything on this site.
          </li>
          <li>
            Prices, quotes and ratings shown as samples on this site are examples only and are not
            offers.
          </li>
        </ul>
        <h2>Your information</h2>
        <p>
          Please give complete and accurate answers. Wrong or missing information can change your
          price or affect whether a claim is paid. Our <a href="/privacy">Privacy Policy</a>{" "}
          explains how we handle what you tell us.
        </p>
        <h2>Using the site fairly</h2>
        <p>
          Don&apos;t use the site to break the law, to submit information about others without their
          permission, to try to reach information that isn&apos;t yours, or to disrupt the site for
          other people.
        </p>
        <h2>Changes and availability</h2>
        <p>
          We may change these terms or the site at any time. We work to keep the site available but
          cannot promise it will always be.
        </p>
        <h2>Questions</h2>
        <p>
          Call support on <a href={`tel:${site.supportPhone.tel}`}>{site.supportPhone.label}</a> or{" "}
          <a href="/contact">send us a message</a>.
        </p>
      </Prose>
    </>
  );
}
