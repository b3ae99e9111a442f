import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { SubmissionResult } from "@conform-to/react";
import type { KyselyPlugin } from "kysely";
import { RouterContextProvider, type UNSAFE_DataWithResponseInit } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Database } from "#app/server/db/database.server.ts";
import { processResumeRequests } from "#app/server/wizard/resume-tokens.server.ts";
import { saveEmailStep } from "#app/server/wizard/submission-saves.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { servicesContext } from "#app/server/services.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { testDatabaseKinds } from "#tests/support/databases.ts";

// The actions log through the app's logger, which reads its settings on import: keep it quiet and
// away from the project's own data directory.
process.env.LOG_LEVEL = "silent";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "coverpilot-forms-"));
const { action: callbackAction } = await import("#app/routes/marketing/talk-to-an-expert.tsx");
const { action: contactAction } = await import("#app/routes/marketing/contact.tsx");
const { action: loginAction } = await import("#app/routes/marketing/login.tsx");

function post(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

/**
 * The database as `database`, with every statement run through it recorded (its SQL, without the
 * values): what a request does to the database, to compare one request with another.
 */
function recorded(database: Database): { database: Database; statements: string[] } {
  const statements: string[] = [];
  const executor = database.db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push(executor.compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { database: { ...database, db: database.db.withPlugin(recorder) }, statements };
}

function contextFor(database: Database): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(
    servicesContext,
    createServices(parseEnv({ DATA_DIR: process.env.DATA_DIR }), database),
  );
  return context;
}

/** What both actions answer with. */
interface FormAnswer {
  result: SubmissionResult<string[]>;
  confirmation?: unknown;
  sent?: unknown;
}

/** An action's answer as status and body, whether it returned plain data or data() with a status. */
function answer(result: FormAnswer | UNSAFE_DataWithResponseInit<FormAnswer>): {
  status: number;
  body: FormAnswer;
} {
  if ("type" in result && result.type === "DataWithResponseInit") {
    return { status: result.init?.status ?? 200, body: result.data };
  }
  return { status: 200, body: result as FormAnswer };
}

describe.each(testDatabaseKinds)("the marketing forms' actions on $name", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    await database.close();
  });

  const args = (request: Request) =>
    ({ request, context: contextFor(database), params: {}, unstable_pattern: "" }) as never;

  it("answers an invalid call-back request with 400, a message per field and what was typed", async () => {
    const { status, body } = answer(
      await callbackAction(
        args(post("/talk-to-an-expert", { name: "Ana", phone: "12", bestTime: "" })),
      ),
    );
    expect(status).toBe(400);
    expect(body.confirmation).toBeNull();
    expect(body.result.error).toEqual({
      phone: ["Please enter a valid 10-digit US phone number"],
      bestTime: ["Please choose the best time to call"],
    });
    expect(body.result.initialValue).toMatchObject({ name: "Ana", phone: "12" });
    expect(await database.db.selectFrom("callback_requests").selectAll().execute()).toEqual([]);
  });

  it("stores a valid call-back request and confirms it from the stored row", async () => {
    const { status, body } = answer(
      await callbackAction(
        args(
          post("/talk-to-an-expert", {
            name: "Ana Diaz",
            phone: "555.234.5678",
            bestTime: "afternoon",
            product: "crime-insurance",
          }),
        ),
      ),
    );
    expect(status).toBe(200);
    expect(body.confirmation).toEqual({
      name: "Ana Diaz",
      phone: "(555) 234-5678",
      bestTime: "Afternoon (3 pm to 6 pm ET)",
    });
    const rows = await database.db
      .selectFrom("callback_requests")
      .select(["name", "phone", "best_time", "product", "language"])
      .execute();
    expect(rows).toEqual([
      {
        name: "Ana Diaz",
        phone: "+15552345678",
        best_time: "afternoon",
        product: "crime-insurance",
        language: "en",
      },
    ]);
  });

  it("answers an invalid contact message with 400, and stores a valid one", async () => {
    const invalid = answer(
      await contactAction(args(post("/contact", { name: "Ana", email: "nope", message: "Hi" }))),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.result.error).toEqual({ email: ["Please enter a valid email address"] });
    expect(invalid.body.result.initialValue).toMatchObject({ email: "nope", message: "Hi" });

    const valid = answer(
      await contactAction(
        args(post("/contact", { name: "Ana", email: "ana@example.com", message: "Hello there" })),
      ),
    );
    expect(valid.status).toBe(200);
    expect(valid.body.sent).toEqual({ name: "Ana", email: "ana@example.com" });
    const rows = await database.db
      .selectFrom("contact_messages")
      .select(["name", "email", "message", "language"])
      .execute();
    expect(rows).toEqual([
      { name: "Ana", email: "ana@example.com", message: "Hello there", language: "en" },
    ]);
  });

  it("keeps the language of the page a request or a message was sent from", async () => {
    const callback = answer(
      await callbackAction(
        args(
          post("/es/talk-to-an-expert", {
            name: "Ana Díaz",
            phone: "555.234.5678",
            bestTime: "morning",
          }),
        ),
      ),
    );
    expect(callback.status).toBe(200);
    const contact = answer(
      await contactAction(
        args(post("/es/contact", { name: "Ana", email: "ana@example.com", message: "Hola" })),
      ),
    );
    expect(contact.status).toBe(200);
    expect(
      await database.db
        .selectFrom("callback_requests")
        .select(["name", "language"])
        .where("name", "=", "Ana Díaz")
        .execute(),
    ).toEqual([{ name: "Ana Díaz", language: "es" }]);
    expect(
      await database.db
        .selectFrom("contact_messages")
        .select(["message", "language"])
        .where("message", "=", "Hola")
        .execute(),
    ).toEqual([{ message: "Hola", language: "es" }]);
  });

  it("does the same before it answers for a known and an unknown address, and looks up after", async () => {
    await saveEmailStep(database.db, {
      industry: "food",
      state: "Ohio",
      segments: ["Bakery"],
      email: "known@example.com",
    });
    const work: string[][] = [];
    for (const email of ["known@example.com", "nobody@example.com"]) {
      const watched = recorded(database);
      const { status, body } = answer(
        await loginAction({
          request: post("/login", { email }),
          context: contextFor(watched.database),
          params: {},
        } as never),
      );
      expect(status).toBe(200);
      expect(body.sent).toBe(true);
      work.push(watched.statements);
    }
    // One statement, the same for both, and no look-up among them.
    expect(work[0]).toEqual(work[1]);
    expect(work[0]).toHaveLength(1);
    // It counts the request for the inbox (decision 055) and stores it, whatever the address.
    expect(work[0]![0]).toMatch(
      /INSERT INTO login_link_requests[\s\S]*INSERT INTO resume_requests/,
    );
    expect(await database.db.selectFrom("outbox").selectAll().execute()).toEqual([]);

    // The worker looks the addresses up afterwards and mails only the known one.
    const services = createServices(parseEnv({ DATA_DIR: process.env.DATA_DIR }), database);
    expect(await processResumeRequests(services)).toBe(2);
    const mails = await database.db.selectFrom("outbox").select("recipients").execute();
    expect(mails).toEqual([{ recipients: ["known@example.com"] }]);
    expect(await database.db.selectFrom("resume_requests").selectAll().execute()).toEqual([]);
    expect(await processResumeRequests(services)).toBe(0);
  });
});

describe("the marketing forms' actions when the database fails", () => {
  it("keep what was typed and say the spec's save-failed message, with 500", async () => {
    const database = await testDatabaseKinds[0]!.open();
    await database.close();
    const context = contextFor(database);
    const { status, body } = answer(
      await callbackAction({
        request: post("/talk-to-an-expert", {
          name: "Ana",
          phone: "5552345678",
          bestTime: "morning",
        }),
        context,
        params: {},
      } as never),
    );
    expect(status).toBe(500);
    expect(body.result.error).toEqual({
      "": ["There was an error saving your information. Please try again."],
    });
    expect(body.result.initialValue).toMatchObject({ name: "Ana" });
  });
});
