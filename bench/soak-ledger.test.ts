import { describe, expect, it } from "vitest";

import { addActivity } from "#app/server/leads/desk-work.server.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest } from "#tests/support/lead-fixtures.ts";

import {
  checkLedger,
  missingEvents,
  readStoredRows,
  receivedEvents,
  type Acknowledged,
} from "./soak-ledger.ts";
import { soakMarkdown, type SoakFigures } from "./soak-report.ts";

describe.each(testDatabaseKinds)("the soak run's ledger on $name", (kind) => {
  it("counts as lost every acknowledged save the database does not hold, and no other", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      // A lead with a quote request and a note; its application was never completed.
      const lead = await leadWithRequest(db, "Bakers", "2026-11-20T15:00:00Z");
      await addActivity(db, {
        submissionId: lead.submissionId,
        operatorId: null,
        kind: "note",
        body: "Soak note 1",
      });
      const held: Acknowledged[] = [
        { kind: "email-step", email: lead.email },
        { kind: "quote-request", email: lead.email },
        { kind: "note", submissionId: lead.submissionId, body: "Soak note 1" },
      ];
      const lost: Acknowledged[] = [
        { kind: "email-step", email: "nobody@shops.example" },
        { kind: "application", email: lead.email },
        { kind: "note", submissionId: lead.submissionId, body: "Soak note 2" },
        { kind: "question", submissionId: lead.submissionId, question: "Never asked?" },
        { kind: "document", email: lead.email, fileName: "never.pdf" },
      ];

      const check = checkLedger([...held, ...lost], await readStoredRows(db));

      expect(check.lost).toEqual(lost);
      expect(check.acknowledged).toEqual({
        "email-step": 2,
        "quote-request": 1,
        note: 2,
        application: 1,
        question: 1,
        document: 1,
      });
      // Only a save that is held sends its event: the request's, not the lost question's.
      expect(check.expectedEvents).toEqual([`quote_request.created ${lead.submissionId}`]);
      expect(
        missingEvents(
          check.expectedEvents,
          receivedEvents([{ event: "application.updated", leadId: lead.submissionId }]),
        ),
      ).toEqual([`quote_request.created ${lead.submissionId}`]);
    });
  });
});

describe("the soak run's summary", () => {
  const figures: SoakFigures = {
    date: "2026-11-28T21:00:00.000Z",
    commit: "abc1234",
    minutes: 2,
    trafficMinutes: 2,
    killEverySeconds: 30,
    database: "PostgreSQL 15.18",
    requests: {
      served: 10,
      byClass: { "2xx": 10 },
      unexpected: 0,
      unexpectedSamples: [],
      noAnswer: 0,
    },
    serverErrorLines: 0,
    kills: 4,
    unexpectedExits: 0,
    restartSeconds: 4,
    saves: { acknowledged: { "email-step": 3 }, lost: 0, lostSamples: [] },
    uploads: { sent: 1, aborted: 1 },
    webhooks: { expected: 1, missing: 0, posts: 1, deliveries: 1, pending: 0 },
    temp: {
      openFilesBeforeKillMax: 0,
      openFilesAtEnd: 0,
      filesLeft: 0,
      foldersLeft: 0,
      filesBeforeLastStart: 0,
      foldersBeforeLastStart: 0,
    },
    memory: {
      start: { rssMb: 180, peakMb: 180 },
      end: { rssMb: 250, peakMb: 260 },
      beforeKills: [],
    },
    cleanStop: true,
  };

  it("says nothing was lost or left only when nothing was", () => {
    expect(soakMarkdown(figures)).toContain("**Verdict: nothing lost, nothing left.**");
    const leaky = soakMarkdown({
      ...figures,
      saves: { ...figures.saves, lost: 2 },
      temp: { ...figures.temp, filesLeft: 3, foldersLeft: 1 },
    });
    expect(leaky).not.toContain("Verdict");
    expect(leaky).toContain(
      "**Problems:** 2 acknowledged saves lost; 3 files and 1 folders left in the temp folder.",
    );
    expect(leaky).toContain("| **Acknowledged saves lost** | **2** |");
  });
});
