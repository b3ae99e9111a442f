import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import { parseEnv } from "#app/server/env.server.ts";
import {
  callbackRequestEmail,
  completedApplicationEmail,
  completedApplicationAlert,
  notifyCallbackRequest,
} from "#app/server/leads/lead-notifications.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { completeRecord } from "#tests/support/application-records.ts";
import type { AppServices } from "#app/server/services.server.ts";
import type { CompleteRecord } from "#app/domain/application/application-record.ts";

function envWith(notify: string) {
  return parseEnv({
    SESSION_SECRET: "a-test-secret-that-is-long-enough-0123",
    DATA_DIR: "/nonexistent",
    SITE_URL: "https://www.coverpilot.example",
    LEAD_NOTIFY_TO: notify,
  });
}

const record = completeRecord({
  naics_code: null,
  naics_title: null,
});

const callback = {
  id: "6f1c1a52-1d7e-4a59-9d43-0c1f0d5e8a11",
  name: "Quinn Caller",
  phone: "+14155550177",
  bestTime: "morning" as const,
  product: "cyber-insurance",
  language: "es" as const,
};

afterEach(() => vi.restoreAllMocks());

/**
 * The new-lead email as the final step's statement queues it (decision 052): named by a CTE,
 * `submission`, that answers the saved application's id.
 */
async function queueCompletedAlert(services: AppServices, id: string, lead: CompleteRecord) {
  const alert = completedApplicationAlert(services, lead, sql`submission`);
  if (!alert) return;
  await sql`WITH submission AS (SELECT ${id}::text AS id), alerted AS (${alert}) SELECT 1`.execute(
    services.database.db,
  );
}

describe("the new-lead emails", () => {
  it("give the agency every detail of a completed application and a link to it", () => {
    const email = completedApplicationEmail(
      "https://www.coverpilot.example",
      ["sales@agency.example"],
      "abc-123",
      record,
    );
    expect(email.to).toEqual(["sales@agency.example"]);
    expect(email.subject).toBe("New lead: Chapter One (Retail & E-Commerce, Oregon)");
    for (const detail of [
      "Business name: Chapter One",
      "Legal business name: Chapter One LLC",
      "Industry: Retail & E-Commerce",
      "Segments: Bookstore, Florist",
      "State: Oregon",
      "Ownership structure: Corporation",
      "Year started: 2019",
      "Primary location: 5 Pine St, Suite 2",
      "Mailing address: PO Box 5, Portland OR",
      "Name: Rae Ng",
      "Email: rae@chapterone.example",
      "Phone: (503) 555-0188",
      "Texts: agreed on 2026-03-01T10:00:00.000Z",
      "https://www.coverpilot.example/admin/submissions/abc-123",
    ]) {
      expect(email.text).toContain(detail);
    }
    const same = completedApplicationEmail("https://x", ["a@b.co"], "1", {
      ...record,
      same_address: "Yes",
      mailing_address: null,
      consent_to_texts: false,
      consent_text: null,
      consent_given_at: null,
    });
    expect(same.text).toContain("Mailing address: same as primary location");
    expect(same.text).toContain("Texts: not agreed");
    // The language the visitor used, so that the agent answers in it; English unless given.
    expect(email.text).toContain("Language: English");
    const spanish = completedApplicationEmail("https://x", ["a@b.co"], "1", {
      ...record,
      language: "es",
    });
    expect(spanish.text).toContain("Language: Spanish");
  });

  it("keep a visitor's words on one short line in the subject", () => {
    const email = completedApplicationEmail("https://x", ["a@b.co"], "1", {
      ...record,
      business_name: `Evil\r\nBcc: victim@example.com ${"x".repeat(200)}`,
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject.length).toBeLessThanOrEqual(120);
  });

  it("give the name, number, best time, language and page of a call-back request", () => {
    const email = callbackRequestEmail("https://www.coverpilot.example", ["a@b.co"], callback);
    expect(email.subject).toBe("Call-back request: Quinn Caller");
    expect(email.text).toContain("Name: Quinn Caller");
    expect(email.text).toContain("Phone: (415) 555-0177");
    expect(email.text).toContain("Best time to call: Morning (9 am to noon ET)");
    expect(email.text).toContain("Language: Spanish");
    expect(email.text).toContain("Asked from the page on: Cyber Insurance");
    expect(email.text).toContain("https://www.coverpilot.example/admin/call-backs");
  });
});

describe.each(testDatabaseKinds)("notifying the agency on $name", (kind) => {
  it("puts one email per lead in the outbox, to every address of LEAD_NOTIFY_TO", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(
        envWith("sales@agency.example, owner@agency.example"),
        database,
      );
      await queueCompletedAlert(services, "abc-123", record);
      await notifyCallbackRequest(services, callback);
      const queued = await database.db
        .selectFrom("outbox")
        .select(["recipients", "subject", "text_body"])
        .orderBy("id")
        .execute();
      expect(queued).toHaveLength(2);
      expect(queued[0]).toMatchObject({
        recipients: ["sales@agency.example", "owner@agency.example"],
        subject: "New lead: Chapter One (Retail & E-Commerce, Oregon)",
      });
      expect(queued[0]!.text_body).toContain("Email: rae@chapterone.example");
      expect(queued[0]!.text_body).toContain(
        "Every field and the consent evidence: https://www.coverpilot.example/admin/submissions/abc-123\n",
      );
      expect(queued[1]!.subject).toBe("Call-back request: Quinn Caller");
    });
  });

  it("queues nothing without LEAD_NOTIFY_TO", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(envWith(""), database);
      expect(completedApplicationAlert(services, record, sql`submission`)).toBeUndefined();
      await notifyCallbackRequest(services, callback);
      expect(await database.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
    });
  });

  it("never fails the visitor's save, and logs the failure without the lead's details", async () => {
    const database = await kind.open();
    await database.close();
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const services = createServices(envWith("sales@agency.example"), database);
    await expect(notifyCallbackRequest(services, callback)).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(1);
    const text = JSON.stringify(logged.mock.calls);
    expect(text).toContain(callback.id);
    for (const detail of ["rae@", "Chapter One", "Quinn", "5550188", "5550177", "agency.example"]) {
      expect(text).not.toContain(detail);
    }
  });
});
