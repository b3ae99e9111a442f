import { describe, expect, it } from "vitest";

import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest, SAMPLE_QUOTE } from "#tests/support/lead-fixtures.ts";

import { createOperator } from "#app/server/admin/operators.server.ts";
import {
  addInsurerQuote,
  publishInsurerQuotes,
} from "#app/server/leads/insurer-quote-store.server.ts";
import { ownQuotesReady } from "#app/server/wizard/proven-visitor.server.ts";

describe.each(testDatabaseKinds)("the applying browser's quotes on $name", (kind) => {
  it("is told its quotes are ready only for its own application, once published (decision 054)", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const lead = await leadWithRequest(db, "Roofers", "2026-11-20T15:00:00Z", "contacted");
      const request = { ...lead.request };
      // The draft of the browser that applied: it names the application and the email it typed.
      const draft = { submission: { id: request.submissionId, email: lead.email.toUpperCase() } };
      await addInsurerQuote(db, request, SAMPLE_QUOTE, ana.id);
      expect(await ownQuotesReady(db, draft)).toBe(false);
      await publishInsurerQuotes(
        db,
        request,
        { email: lead.email, firstName: null },
        {
          operatorId: ana.id,
          siteUrl: "https://coverpilot.example",
          agency: { ...SAMPLE_AGENCY, sample: true },
          perHour: 3,
        },
      );
      expect(await ownQuotesReady(db, draft)).toBe(true);
      // A draft that typed another email, or none, is told nothing.
      expect(
        await ownQuotesReady(db, {
          submission: { id: request.submissionId, email: "someone@else.example" },
        }),
      ).toBe(false);
      expect(await ownQuotesReady(db, {})).toBe(false);
      // Nor is the browser of an application marked "Email not proven".
      await db
        .updateTable("business_wizard_submissions")
        .set({ email_not_proven: true })
        .where("id", "=", request.submissionId)
        .execute();
      expect(await ownQuotesReady(db, draft)).toBe(false);
    });
  });
});
