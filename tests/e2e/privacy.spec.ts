import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, test } from "./helpers.ts";

test("no email, phone, name or address reaches the log, even at debug level", async () => {
  const server = await startServer({ dataDir: makeDataDir(), env: { LOG_LEVEL: "debug" } });
  try {
    const visitor = new HttpVisitor(server.url);
    expect(await visitor.saveEmailStep("Quinn.Private@Example.com")).toBe(true);
    // A mistake on the way: the refused post is logged, its content is not.
    await visitor.post("/business-wizard/questionnaire-1", {
      businessName: "",
      intent: "continue",
    });
    expect(
      await visitor.completeApplication({
        businessName: "Quinnsworth Widgets",
        firstName: "Quinevere",
        lastName: "Zabriskie",
        phoneNumber: "(415) 555-0177",
        streetAddress: "742 Evergreen Terrace",
        mailingAddress: "PO Box 4321 Springfield",
      }),
    ).toBe(true);
  } finally {
    await stopServer(server);
  }
  const log = server.output();
  expect(log.split("\n").filter(Boolean).length).toBeGreaterThan(5);
  for (const line of log.split("\n").filter(Boolean)) {
    expect(() => JSON.parse(line), line).not.toThrow();
  }
  for (const secret of [
    "quinn.private",
    "Quinn.Private",
    "example.com",
    "4155550177",
    "555-0177",
    "Quinevere",
    "Zabriskie",
    "Quinnsworth",
    "Evergreen",
    "Springfield",
  ]) {
    expect(log, secret).not.toContain(secret);
  }
});
