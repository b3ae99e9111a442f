import { describe, expect, it } from "vitest";

import { invitationPath } from "#app/domain/leads/desk-operators.ts";
import { pathForLogs } from "#app/domain/site/log-paths.ts";
import { resumePath, resumePathIn } from "#app/domain/wizard/resume-links.ts";

describe("the access log's paths", () => {
  const token = "A".repeat(43);

  it("never hold an application link's or an invitation's token", () => {
    expect(pathForLogs(resumePath(token))).toBe("/resume/:token");
    expect(pathForLogs(invitationPath(token))).toBe("/admin/join/:token");
    // The same link on its Spanish page.
    expect(pathForLogs(resumePathIn(token, "es"))).toBe("/es/resume/:token");
    expect(pathForLogs(`/es/resume/${token}`)).not.toContain(token);
  });

  it("keep every other path as it is", () => {
    expect(pathForLogs("/admin/operators")).toBe("/admin/operators");
    expect(pathForLogs("/business-wizard/email")).toBe("/business-wizard/email");
  });
});
