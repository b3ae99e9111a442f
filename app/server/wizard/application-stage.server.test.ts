import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import {
  FIXTURE_AGENCY,
  leadWithPolicy,
  leadWithRequest,
  SAMPLE_QUOTE,
} from "#tests/support/lead-fixtures.ts";

import { bindStatements, esignConsentWords, keptConsent } from "#app/domain/quote/bind-requests.ts";
import { activeProgressStep } from "#app/domain/wizard/wizard-screens.ts";
import { AGENCY_MAIL_LIMITS } from "#app/domain/site/mailbox.ts";
import { requestToBind } from "#app/server/leads/bind-store.server.ts";
import {
  addInsurerQuote,
  publishInsurerQuotes,
} from "#app/server/leads/insurer-quote-store.server.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import { applicationStage, linkDestination } from "#app/server/wizard/application-stage.server.ts";

const directory = mkdtempSync(join(tmpdir(), "application-stage-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe.each(testDatabaseKinds)("where a customer's link lands on $name (issue 53)", (kind) => {
  it("lands each stage where the customer is, with the progress bar at that stage", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const sending = {
        siteUrl: "https://coverpilot.example",
        agency: FIXTURE_AGENCY,
        perHour: 10,
      };
      // A finished application with no quotes asked for: its coverage plan.
      const lead = await leadWithRequest(db, "Planner", "2026-11-20T15:00:00Z", "contacted");
      await db.deleteFrom("quote_requests").where("id", "=", lead.request.id).execute();
      const link = { opens: "application" as const, submissionId: lead.submissionId };
      expect(await applicationStage(db, lead.submissionId, true)).toBe("plan");
      expect(await linkDestination(db, link, undefined)).toBe("/business-wizard/quote");
      // An application still missing a step goes to it, whatever else it has.
      expect(await linkDestination(db, link, "about-you")).toBe("/business-wizard/questionnaire-2");
      expect(await applicationStage(db, lead.submissionId, false)).toBe("application");

      // Quotes asked for, then published, then one chosen: the quotes page.
      const asked = await leadWithRequest(db, "Asker", "2026-11-20T15:00:00Z", "contacted");
      const askedLink = { opens: "application" as const, submissionId: asked.submissionId };
      expect(await applicationStage(db, asked.submissionId, true)).toBe("requested");
      expect(await linkDestination(db, askedLink, undefined)).toBe("/business-wizard/quotes");
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const added = await addInsurerQuote(db, asked.request, SAMPLE_QUOTE, ana.id);
      if (added.outcome !== "saved") throw new Error("the quote was not added");
      await publishInsurerQuotes(
        db,
        asked.request,
        { email: asked.email, firstName: "Ana" },
        { ...sending, operatorId: ana.id },
      );
      expect(await applicationStage(db, asked.submissionId)).toBe("quoted");
      await requestToBind(
        db,
        asked.request,
        {
          quoteId: added.quoteId,
          payment: "in-full",
          startDate: "2027-01-01",
          statements: bindStatements(FIXTURE_AGENCY.name, SAMPLE_QUOTE.insurer),
          consent: keptConsent(esignConsentWords(FIXTURE_AGENCY), "electronic"),
          documentsBy: "electronic",
          tria: "rejected",
          signatureName: "Ana Asker",
        },
        { clientAddress: "203.0.113.9", userAgent: null, today: "2026-11-26" },
        {
          email: asked.email,
          firstName: "Ana",
          language: "en",
          ...sending,
          limits: AGENCY_MAIL_LIMITS,
        },
      );
      const chosen = await applicationStage(db, asked.submissionId, true);
      expect(chosen).toBe("bind-requested");
      expect(await linkDestination(db, askedLink, undefined)).toBe("/business-wizard/quotes");
      // The quotes page after a quote was chosen is at Purchase, not Quote.
      expect(activeProgressStep("quotes", chosen)).toBe("Purchase");

      // A bound policy: its links (an application's or a quotes link) open the policy.
      const { lead: insured } = await leadWithPolicy(db, "Insured", directory);
      const stage = await applicationStage(db, insured.submissionId, true);
      expect(stage).toBe("bound");
      for (const opens of ["application", "quotes"] as const) {
        expect(
          await linkDestination(db, { opens, submissionId: insured.submissionId }, undefined),
        ).toBe("/business-wizard/policy");
      }
      // Every step complete: no step is current on a page that shows where they are.
      expect(activeProgressStep("quotes", stage)).toBeUndefined();
      expect(activeProgressStep("summary", stage)).toBeUndefined();
      // A finished application's summary is at Quote, no longer at Application.
      expect(activeProgressStep("summary")).toBe("Application");
      expect(activeProgressStep("summary", "plan")).toBe("Quote");
      // A step being corrected keeps its own mark.
      expect(activeProgressStep("business-name")).toBe("Coverage");
    });
  });
});
