import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { deskQuoteForm, leadWithRequest } from "#tests/support/lead-fixtures.ts";

import { agencyFrom } from "#app/domain/site/agency.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import {
  getProducerOfRecord,
  saveProducerLicense,
  setProducerName,
} from "#app/server/admin/producers.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { listInsurerQuotes } from "#app/server/leads/insurer-quote-store.server.ts";
import { workOnQuoteRequest, type QuoteDesk } from "#app/server/leads/quote-desk.server.ts";

/** An agency with its own details: its producers' licences are real, so they are checked. */
const AGENCY = agencyFrom({
  AGENCY_NAME: "Harbor Insurance Agency LLC",
  AGENCY_HOME_STATE: "OH",
  AGENCY_NPN: "12345678",
  AGENCY_LICENSES: [{ state: "OH", number: "1234567" }],
  AGENCY_ADDRESS: "1 Harbor Way, Columbus, OH 43215",
  AGENCY_PHONE: "(614) 555-0100",
  AGENCY_EMAIL: "service@harbor-insurance.example",
});

function formPost(fields: Record<string, string>): Request {
  return new Request("http://desk.example/admin/submissions/x/quotes", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

/** An operator at the desk of an Ohio business's request for general liability and workers' comp. */
async function deskFor(database: Database): Promise<QuoteDesk> {
  const operator = await createOperator(database.db, "dana@agency.example", "a long password!");
  const lead = await leadWithRequest(database.db, "Bakers", "2026-11-20T15:00:00Z");
  return {
    services: createServices(
      parseEnv({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-producer-")),
        AGENCY_TIME_ZONE: "UTC",
      }),
      database,
    ),
    operatorId: operator.id,
    agency: AGENCY,
    request: { ...lead.request, lines: ["general-liability", "workers-comp"], state: "Ohio" },
    visitor: { email: lead.email, firstName: "Ana", businessName: "Bakers", language: "en" },
  };
}

const TODAY = new Date().toISOString().slice(0, 10);
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabaseKinds)("a licensed producer on every quote, on $name", (kind) => {
  it("refuses to publish for a state the operator holds no current licence in, saying why", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      await workOnQuoteRequest(desk, formPost(deskQuoteForm("Acme Mutual", "bindable", "2,400")));
      const publish = () => workOnQuoteRequest(desk, formPost({ intent: "publish" }));
      const problem = async () => {
        const answer = await publish();
        if (answer.outcome !== "refused") throw new Error(`published: ${answer.outcome}`);
        expect(answer.status).toBe(403);
        return answer.reply.problem;
      };

      await setProducerName(database.db, desk.operatorId, "Dana Reyes");
      expect(await problem()).toBe(
        "You hold no producer licence for Ohio on your profile: an agent licensed there for Casualty must do this.",
      );
      await saveProducerLicense(database.db, desk.operatorId, {
        state: "OH",
        number: "OH-998877",
        lines: ["casualty"],
        expires: YESTERDAY,
      });
      expect(await problem()).toBe(
        `Your Ohio producer licence (OH-998877) expired on ${YESTERDAY}: renew it on your profile, or an agent licensed there for Casualty must do this.`,
      );
      await saveProducerLicense(database.db, desk.operatorId, {
        state: "OH",
        number: "OH-998877",
        lines: ["property"],
        expires: "2099-12-31",
      });
      expect(await problem()).toBe(
        "Your Ohio producer licence (OH-998877) does not grant Casualty, which these lines need: an agent licensed there for Casualty must do this.",
      );
      // Nothing reached the visitor: the quote is still a draft, no email, no producer named.
      expect((await listInsurerQuotes(database.db, desk.request.id)).map((q) => q.status)).toEqual([
        "draft",
      ]);
      expect(await database.db.selectFrom("outbox").select("id").execute()).toEqual([]);
      expect(await getProducerOfRecord(database.db, desk.request.id)).toBeUndefined();
      // The history keeps each change to the licence, with what it said.
      const events = await database.db
        .selectFrom("operator_events")
        .select(["kind", "detail"])
        .where("kind", "like", "licence-%")
        .orderBy("id")
        .execute();
      expect(events).toEqual([
        { kind: "licence-added", detail: `OH OH-998877 (Casualty), expires ${YESTERDAY}` },
        { kind: "licence-changed", detail: "OH OH-998877 (Property), expires 2099-12-31" },
      ]);
    });
  });

  it("names the producer and their licence number for the state in the quotes email, once licensed", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      await setProducerName(database.db, desk.operatorId, "Dana Reyes");
      await saveProducerLicense(database.db, desk.operatorId, {
        state: "OH",
        number: "OH-998877",
        lines: ["property", "casualty"],
        expires: TODAY,
      });
      await workOnQuoteRequest(desk, formPost(deskQuoteForm("Acme Mutual", "bindable", "2,400")));
      expect(await workOnQuoteRequest(desk, formPost({ intent: "publish" }))).toMatchObject({
        outcome: "saved",
        emailed: true,
      });
      expect(await getProducerOfRecord(database.db, desk.request.id)).toEqual({
        name: "Dana Reyes",
        state: "OH",
        licenseNumber: "OH-998877",
      });
      const email = await database.db
        .selectFrom("outbox")
        .select(["subject", "text_body", "html_body"])
        .executeTakeFirstOrThrow();
      expect(email.subject).toContain("Your quotes are ready");
      expect(email.text_body).toContain(
        "Your licensed producer: Dana Reyes, Ohio licence OH-998877.",
      );
      expect(email.html_body).toContain(
        "Your licensed producer: Dana Reyes, Ohio licence OH-998877.",
      );
    });
  });
});
