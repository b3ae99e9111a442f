import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { QuoteComparison } from "#app/components/wizard/quote-comparison.tsx";
import { SurplusLinesNotices } from "#app/components/wizard/quote-proposal-parts.tsx";
import type { InsurerQuoteInput } from "#app/domain/quote/insurer-quotes.ts";
import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { LOCALES } from "#app/domain/site/locales.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import {
  addInsurerQuote,
  publishInsurerQuotes,
} from "#app/server/leads/insurer-quote-store.server.ts";
import { visitorQuotesPage } from "#app/server/wizard/quotes-page.server.ts";
import { readDraftCookie } from "#app/server/wizard/wizard-drafts.server.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest, SAMPLE_QUOTE } from "#tests/support/lead-fixtures.ts";

const AGENCY = { ...SAMPLE_AGENCY, sample: true };

/** A surplus lines quote with its taxes and fees, beside the sample's admitted one. */
const SURPLUS: InsurerQuoteInput = {
  ...SAMPLE_QUOTE,
  insurer: "Beacon Casualty",
  market: "non-admitted",
  premiumCents: 198_000,
  charges: {
    surplusLinesTaxCents: 5_940,
    stampingFeeCents: 356,
    policyFeeCents: 15_000,
    inspectionFeeCents: 7_500,
    brokerFeeCents: 10_000,
  },
};

/** The comparison and the notices as the page renders them, at `pathname` (its language). */
async function rendered(
  pathname: string,
  page: Extract<Awaited<ReturnType<typeof visitorQuotesPage>>, { state: "quotes" }>,
): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ languages: LOCALES }),
      children: [
        {
          path: "*",
          Component: () => (
            <>
              <QuoteComparison headings={page.headings} rows={page.rows} />
              <SurplusLinesNotices notices={page.notices} />
            </>
          ),
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error("Expected a render");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

describe.each(testDatabaseKinds)("the visitor's quotes page on $name (issue 55)", (kind) => {
  it("shows both quotes side by side with their totals, and the surplus lines notice for the non-admitted one", async () => {
    await withDatabase(kind.open, async (database) => {
      const { db } = database;
      const services = createServices(
        parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-quotes-page-")) }),
        database,
      );
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const lead = await leadWithRequest(db, "Roofers", "2026-11-20T15:00:00Z", "contacted");
      await addInsurerQuote(db, lead.request, SAMPLE_QUOTE, ana.id);
      await addInsurerQuote(db, lead.request, SURPLUS, ana.id);
      await publishInsurerQuotes(
        db,
        lead.request,
        { email: lead.email, firstName: null },
        { operatorId: ana.id, siteUrl: "https://coverpilot.example", agency: AGENCY, perHour: 5 },
      );
      // A browser that proved the application's email, as an emailed link leaves it.
      const page = "http://site.example/business-wizard/quotes";
      const cookie = await readDraftCookie(services, new Request(page));
      await db
        .insertInto("wizard_drafts")
        .values({
          id: cookie.keptId,
          data: JSON.stringify({
            draft: {
              submission: { id: lead.submissionId, email: lead.email, emailProven: true },
            },
          }),
          submission_id: lead.submissionId,
          email_proven: true,
          expires_at: new Date(Date.now() + 86_400_000),
        })
        .execute();
      const headers = { Cookie: (await cookie.setCookie()).split(";")[0] ?? "" };
      for (const [pathname, words] of [
        [
          "/business-wizard/quotes",
          {
            total: "Total you pay (the rows above added up)",
            notice: "Beacon Casualty is a non-admitted (surplus lines) insurer",
            fund: "your state&#x27;s insurance guaranty fund will not pay its claims",
            mark: "Non-admitted (surplus lines)",
          },
        ],
        [
          "/es/business-wizard/quotes",
          {
            total: "Total que usted paga (la suma de las filas de arriba)",
            notice: "Beacon Casualty es una aseguradora no admitida",
            fund: "el fondo de garantía de seguros de su estado no pagará sus reclamaciones",
            mark: "No admitida (líneas excedentes)",
          },
        ],
      ] as const) {
        const loaded = await visitorQuotesPage(
          services,
          AGENCY,
          new Request(`http://site.example${pathname}`, { headers }),
        );
        if (loaded.state !== "quotes") throw new Error(`the page is ${loaded.state}`);
        const html = await rendered(pathname, loaded);
        // Both quotes, a column each, headed by what the insured pays in all.
        expect(html).toMatch(/Acme Mutual<span[^>]*>\$2,550\.50<\/span>/);
        expect(html).toMatch(/Beacon Casualty<span[^>]*>\$2,367\.96<\/span>/);
        expect(html).toContain(words.mark);
        expect(html).toContain(words.total);
        expect(html).toMatch(/\$2,550\.50<\/td><td[^>]*>\$2,367\.96<\/td>/);
        // The notice, once, for the surplus lines quote only.
        expect(html).toContain(words.notice);
        expect(html).toContain(words.fund);
        const notices = html.slice(html.indexOf('id="surplus-notice-title"'));
        expect(notices).not.toContain("Acme Mutual");
      }
    });
  });
});
