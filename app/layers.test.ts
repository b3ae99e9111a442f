import { readdirSync } from "node:fs";
import { basename, join } from "node:path";

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layers are held by the linter (eslint.config.js, docs/architecture.md): these show that it
 * fails on a layer crossed, not only that main passes. Import cycles are tools/import-cycles.test.ts's
 * (decision 075).
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe("the linter's layers", () => {
  it("refuses domain code that imports the server, a component or a route", async () => {
    for (const from of [
      "#app/server/env.server.ts",
      "#app/components/ui/button.ts",
      "#app/routes/wizard/email.tsx",
    ]) {
      const rules = await ruleIdsFor(
        "app/domain/a-new-rule.ts",
        `import * as other from "${from}";\nexport const used = other;\n`,
      );
      expect(rules, from).toContain("import-x/no-restricted-paths");
    }
  });

  it("refuses a component that imports the server, and server code that imports a route", async () => {
    expect(
      await ruleIdsFor(
        "app/components/site/a-new-part.tsx",
        `import { getServices } from "#app/server/services.server.ts";\nexport const used = getServices;\n`,
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await ruleIdsFor(
        "app/server/a-new-store.server.ts",
        `import { loader } from "#app/root.tsx";\nexport const used = loader;\n`,
      ),
    ).toContain("import-x/no-restricted-paths");
  });

  it("refuses a hook that imports a component, the server or a route", async () => {
    for (const from of [
      "#app/components/site/agency-identity.tsx",
      "#app/server/services.server.ts",
      "#app/routes/wizard/email.tsx",
    ]) {
      const rules = await ruleIdsFor(
        "app/hooks/use-a-new-thing.ts",
        `import * as other from "${from}";\nexport const used = other;\n`,
      );
      expect(rules, from).toContain("import-x/no-restricted-paths");
    }
  });

  it("lets a route use the server, components and the domain", async () => {
    const rules = await ruleIdsFor(
      "app/routes/a-new-page.tsx",
      [
        `import { getServices } from "#app/server/services.server.ts";`,
        `import { buttonClasses } from "#app/components/ui/button.ts";`,
        `import { site } from "#app/domain/site/site.ts";`,
        `export const used = [getServices, buttonClasses, site];`,
        "",
      ].join("\n"),
    );
    expect(rules).toEqual([]);
  });
});

describe("the modules' names", () => {
  it("say which module they are: no two in app/domain, app/server or app/components share one", () => {
    const names = new Map<string, string[]>();
    for (const folder of ["app/domain", "app/server", "app/components"]) {
      for (const file of readdirSync(folder, { recursive: true, encoding: "utf8" })) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const name = basename(file).replace(/(\.server)?\.tsx?$/, "");
        names.set(name, [...(names.get(name) ?? []), join(folder, file)]);
      }
    }
    const shared = [...names.values()].filter((files) => files.length > 1);
    expect(shared).toEqual([]);
    // The rule is about these folders: app/domain holds at least its registry.
    expect(names.get("application-fields")).toEqual([
      "app/domain/application/application-fields.ts",
    ]);
  });
});
