import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest } from "#tests/support/lead-fixtures.ts";

import { declineMessages } from "#app/domain/quote/insurer-quotes.ts";
import { documentMessages } from "#app/domain/quote/request-documents.ts";
import { questionMessages } from "#app/domain/quote/request-questions.ts";
import { createServices } from "#app/server/create-services.server.ts";
import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { listRequestDocuments } from "#app/server/leads/document-store.server.ts";
import { listWaiting } from "#app/server/leads/needs-action.server.ts";
import { UNKNOWN_WRITER } from "#app/server/wizard/submission-history.server.ts";
import { workOnVisitorQuotes } from "#app/server/wizard/visitor-quotes.server.ts";

const PAGE = "http://site.example/business-wizard/quotes";

function formPost(fields: Record<string, string>): Request {
  return new Request(PAGE, { method: "POST", body: new URLSearchParams(fields) });
}

function uploadPost(kind: string, bytes: Buffer, name: string): Request {
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  return new Request(PAGE, { method: "POST", body: form });
}

/** The visitor's forms, on a lead's quote request (lead-fixtures.ts) with no quote yet. */
async function visitorOf(database: Database) {
  const lead = await leadWithRequest(database.db, "Grocers", "2026-11-20T15:00:00Z");
  const services = createServices(
    parseEnv({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-visitor-quotes-")),
      LEAD_NOTIFY_TO: "desk@agency.example",
    }),
    database,
  );
  return {
    request: lead.request,
    services,
    send: (post: Request) => workOnVisitorQuotes(services, lead.request, UNKNOWN_WRITER, post),
  };
}

describe.each(testDatabaseKinds)("the visitor's quotes page forms on $name", (kind) => {
  it("files a document for the agent by its content, and refuses one that is not a PDF or picture", async () => {
    await withDatabase(kind.open, async (database) => {
      const visitor = await visitorOf(database);
      expect(
        await visitor.send(uploadPost("loss-runs", Buffer.from("MZ a program"), "runs.pdf")),
      ).toEqual({
        outcome: "refused",
        status: 415,
        reply: { form: "document", problem: documentMessages().notVisitorType },
      });
      expect(await visitor.send(uploadPost("a guess", Buffer.from("%PDF-1.4\n"), "x.pdf"))).toEqual(
        { outcome: "refused", status: 400, reply: expect.objectContaining({ form: "document" }) },
      );
      expect(await listRequestDocuments(database.db, visitor.request.id)).toEqual([]);
      expect(
        await visitor.send(uploadPost("loss-runs", Buffer.from("%PDF-1.4\n%%EOF\n"), "runs.pdf")),
      ).toEqual({ outcome: "done", to: "/business-wizard/quotes?sent#confirmation" });
      const [filed] = await listRequestDocuments(database.db, visitor.request.id);
      expect(filed).toMatchObject({ purpose: "visitor", kind: "loss-runs", fileName: "runs.pdf" });
    });
  });

  it("keeps a file's name without the characters that would disguise it on the desk", async () => {
    await withDatabase(kind.open, async (database) => {
      const visitor = await visitorOf(database);
      const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
      // U+202E reverses what follows it: the desk would show "invoicefdp.jpg".
      expect(await visitor.send(uploadPost("other", pdf, "invoice\u202Egpj.pdf"))).toEqual({
        outcome: "done",
        to: "/business-wizard/quotes?sent#confirmation",
      });
      const [filed] = await listRequestDocuments(database.db, visitor.request.id);
      expect(filed?.fileName).toBe("invoicegpj.pdf");
    });
  });

  it("keeps what was typed when an answer or a decline cannot be taken", async () => {
    await withDatabase(kind.open, async (database) => {
      const visitor = await visitorOf(database);
      const question = "00000000-0000-4000-8000-000000000000";
      expect(
        await visitor.send(formPost({ intent: "answer", question, answer: "Twelve staff." })),
      ).toEqual({
        outcome: "refused",
        status: 404,
        reply: {
          form: "answer",
          problem: questionMessages().notFound,
          question,
          typed: "Twelve staff.",
        },
      });
      expect(await visitor.send(formPost({ intent: "decline", reason: "price" }))).toEqual({
        outcome: "refused",
        status: 409,
        reply: { form: "decline", problem: declineMessages().notOpen },
      });
      expect(await visitor.send(formPost({ intent: "shred" }))).toEqual({
        outcome: "bad-request",
      });
    });
  });

  it("takes the customer's own question to Needs action and the agency's inbox", async () => {
    await withDatabase(kind.open, async (database) => {
      const visitor = await visitorOf(database);
      expect(await visitor.send(formPost({ intent: "customer-question", question: " " }))).toEqual({
        outcome: "refused",
        status: 400,
        reply: { form: "customer-question", problem: "Please write your question", typed: " " },
      });
      const question = "Does the policy cover food spoiled in a power cut?";
      expect(await visitor.send(formPost({ intent: "customer-question", question }))).toEqual({
        outcome: "done",
        to: "/business-wizard/quotes?asked#confirmation",
      });
      const waiting = await listWaiting(database.db);
      expect(waiting).toEqual([
        expect.objectContaining({
          kind: "question",
          about: question,
          reference: visitor.request.reference,
        }),
      ]);
      const alert = await database.db
        .selectFrom("outbox")
        .select(["recipients", "subject", "text_body"])
        .executeTakeFirstOrThrow();
      expect(alert.recipients).toEqual(["desk@agency.example"]);
      expect(alert.subject).toBe(`Customer's question: ${visitor.request.reference} (Grocers)`);
      expect(alert.text_body).toContain(`Question: ${question}`);
      expect(alert.text_body).toContain("/admin/needs-action");
      // The alert opens the request it is about, not whichever is the customer's newest.
      expect(alert.text_body).toContain(
        `/admin/submissions/${visitor.request.submissionId}/quotes?request=${visitor.request.id}`,
      );
    });
  });
});
