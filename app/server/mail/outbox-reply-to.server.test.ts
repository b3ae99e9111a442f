import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { parseEnv } from "#app/server/env.server.ts";
import { createMailTransport } from "#app/server/mail/outbox.server.ts";

const AGENCY = {
  AGENCY_NAME: "Harbor Insurance Agency LLC",
  AGENCY_HOME_STATE: "CA",
  AGENCY_NPN: "12345678",
  AGENCY_LICENSES: "CA:0K12345",
  AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
  AGENCY_PHONE: "(619) 555-0100",
  AGENCY_EMAIL: "service@harbor-insurance.example",
};

/** The .eml file the transport writes for one email, with `settings`. */
async function written(settings: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-reply-to-"));
  const transport = createMailTransport(parseEnv({ DATA_DIR: dataDir, ...settings }));
  await transport.send({
    id: "3",
    from: "CoverPilot <no-reply@coverpilot.example>",
    to: ["ana@example.com"],
    subject: "Your quotes are ready",
    text: "Open the link.",
  });
  return readFileSync(path.join(dataDir, "outbox", "00000003.eml"), "utf8");
}

describe("a reply to the site's emails", () => {
  it("goes to the agency (AGENCY_EMAIL), not to MAIL_FROM's no-reply address", async () => {
    const eml = await written(AGENCY);
    expect(eml).toMatch(/^Reply-To: service@harbor-insurance\.example$/m);
    expect(eml).toMatch(/^From: CoverPilot <no-reply@coverpilot\.example>$/m);
  });

  it("goes nowhere new while the sample agency stands in: its address is a placeholder", async () => {
    expect(await written({})).not.toMatch(/^Reply-To:/m);
  });
});
