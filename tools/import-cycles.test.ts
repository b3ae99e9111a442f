import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { globSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { importCycles, importGraph } from "./import-cycles.ts";

const ROOT = path.resolve(".");
const SOURCES = ["app/**/*.{ts,tsx}", "bench/**/*.ts", "tools/**/*.ts", "scripts/**/*.ts"];

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
});
