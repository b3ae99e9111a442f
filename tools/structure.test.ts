import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import {
  declaredFunctions,
  hydrationMismatches,
  lineCount,
  longRouteModules,
  ROUTE_MODULE_MAX_LINES,
  SERVER_ENTRY_FUNCTIONS,
  SERVER_ENTRY_MAX_LINES,
  SERVER_TOP_MAX_MODULES,
  topLevelModules,
} from "./structure.ts";

const ROOT = path.resolve(".");

describe("the code's shape (issue 57)", () => {
  it(`has no route module over ${ROUTE_MODULE_MAX_LINES} lines`, () => {
    expect(longRouteModules(ROOT, "app/routes", ROUTE_MODULE_MAX_LINES)).toEqual([]);
  });

  it(`keeps at most ${SERVER_TOP_MAX_MODULES} modules at the top of app/server`, () => {
    const modules = topLevelModules(path.join(ROOT, "app/server"));
    expect(modules.length, modules.join(", ")).toBeLessThanOrEqual(SERVER_TOP_MAX_MODULES);
  });

  it(`keeps server.ts within ${SERVER_ENTRY_MAX_LINES} lines`, () => {
    expect(lineCount(path.join(ROOT, "server.ts"))).toBeLessThanOrEqual(SERVER_ENTRY_MAX_LINES);
  });

  it("keeps server.ts to composition: its handlers and shutdown are app/server/http's", () => {
    expect(declaredFunctions(path.join(ROOT, "server.ts"))).toEqual(SERVER_ENTRY_FUNCTIONS);
  });

  it("has each wizard screen with conform's forms say whether it ships React, and no other ship it", () => {
    expect(hydrationMismatches(ROOT, "app/routes/wizard")).toEqual([]);
  });

  it("names a wizard screen that hydrates without a form, or has one and does not say", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "hydration-"));
    const hydrates = "export const handle: RouteHandle = { hydrate: true };\n";
    const sentOnly = "export const handle: RouteHandle = { hydrate: false };\n";
    const conform = 'import { useForm } from "@conform-to/react";\n';
    writeFileSync(path.join(folder, "as-typed.tsx"), conform + hydrates);
    writeFileSync(path.join(folder, "when-sent.tsx"), conform + sentOnly);
    writeFileSync(path.join(folder, "neither.tsx"), "export default function Page() {}\n");
    writeFileSync(path.join(folder, "plain-says-no.tsx"), sentOnly);
    writeFileSync(path.join(folder, "react-only.tsx"), hydrates);
    writeFileSync(path.join(folder, "unsaid.tsx"), conform);
    expect(hydrationMismatches(folder, ".")).toEqual([
      { file: "react-only.tsx", usesConform: false, hydrate: true },
      { file: "unsaid.tsx", usesConform: true, hydrate: undefined },
    ]);
  });

  it("names a route module that is too long and counts only a folder's own modules", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "structure-"));
    mkdirSync(path.join(folder, "routes/wizard"), { recursive: true });
    writeFileSync(path.join(folder, "routes/wizard/long.tsx"), "line\n".repeat(4));
    writeFileSync(path.join(folder, "routes/short.ts"), "line\nline");
    writeFileSync(path.join(folder, "routes/long.test.ts"), "line\n".repeat(9));
    expect(longRouteModules(folder, "routes", 3)).toEqual([
      { file: "routes/wizard/long.tsx", lines: 4 },
    ]);
    expect(lineCount(path.join(folder, "routes/short.ts"))).toBe(2);
    expect(topLevelModules(path.join(folder, "routes"))).toEqual(["short.ts"]);
    writeFileSync(
      path.join(folder, "entry.ts"),
      "async function load() {}\nexport function* pages() {}\nconst stop = async (code: number) => code;\nconst port = 3000;\n",
    );
    expect(declaredFunctions(path.join(folder, "entry.ts"))).toEqual(["load", "pages", "stop"]);
  });
});
