import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { globSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { importCycles, importGraph, runtimeImportsOf } from "./import-cycles.ts";

const ROOT = path.resolve(".");
/** Every TypeScript file of the project: the linter no longer looks for cycles (decision 075). */
const SOURCES = [
  "*.ts",
  "app/**/*.{ts,tsx}",
  "bench/**/*.ts",
  "database/**/*.ts",
  "scripts/**/*.ts",
  "tests/**/*.ts",
  "tools/**/*.ts",
];

describe("the import graph (issue 57)", () => {
  it("has no cycle, type-only imports included", () => {
    const files = SOURCES.flatMap((pattern) => globSync(pattern, { cwd: ROOT }))
      .filter((file) => !file.startsWith("app/paraglide/"))
      .map((file) => path.join(ROOT, file));
    expect(importCycles(ROOT, importGraph(ROOT, files))).toEqual([]);
  });

  it("finds a cycle that only a type import closes", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "cycles-"));
    const a = path.join(folder, "a.ts");
    const b = path.join(folder, "b.ts");
    const c = path.join(folder, "c.ts");
    writeFileSync(a, `import { b } from "./b.ts";\nexport const a = b;\n`);
    writeFileSync(b, `import type { A } from "./a.ts";\nexport const b = 1 as unknown as A;\n`);
    writeFileSync(c, `import { a } from "./a.ts";\nexport const c = a;\n`);
    expect(importCycles(folder, importGraph(folder, [a, b, c]))).toEqual([["a.ts", "b.ts"]]);
  });

  it("finds a runtime cycle through the app's own imports", () => {
    // The funnel's middleware reads the services' context: were that module to import the
    // middleware, the two would import each other.
    const services = path.join(ROOT, "app/server/services.server.ts");
    const funnel = path.join(ROOT, "app/server/wizard/funnel.server.ts");
    const graph = importGraph(ROOT, [services, funnel]);
    graph.set(services, [...(graph.get(services) ?? []), funnel]);
    expect(importCycles(ROOT, graph)).toEqual([
      ["app/server/services.server.ts", "app/server/wizard/funnel.server.ts"],
    ]);
  });
});

describe("server.ts (decision 075)", () => {
  it("loads nothing of app/domain nor the message catalogs: the server bundle has its own copy", () => {
    const loaded = runtimeImportsOf(ROOT, "server.ts");
    expect(loaded).toContain("app/server/http/prerendered-pages.server.ts");
    expect(
      loaded.filter((file) => file.startsWith("app/domain/") || file.startsWith("app/paraglide/")),
    ).toEqual([]);
  });

  it("would be found loading them through a module of app/server", () => {
    // The access log's module imports the domain's log paths, which reach the catalogs.
    const loaded = runtimeImportsOf(ROOT, "app/server/http/request-log.server.ts");
    expect(loaded).toContain("app/domain/site/log-paths.ts");
    expect(loaded).toContain("app/paraglide/messages.js");
  });
});
