import { globSync, readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

import { FIELD_COLUMNS } from "#app/domain/application/application-fields.ts";
import { LEAD_RECORD_SCHEMA_VERSION } from "#app/domain/leads/lead-record.ts";

const ROOT = path.resolve(".");

/** Each line of the files matching `pattern` (tests left out) that `word` occurs on, as file:line. */
function linesNaming(pattern: string, word: RegExp): string[] {
  return globSync(pattern, { cwd: ROOT })
    .filter((file) => !file.endsWith(".test.ts"))
    .sort()
    .flatMap((file) =>
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (word.test(line) ? [`${file}:${index + 1}`] : [])),
    );
}

describe("the application's registry, where code must follow it (decision 060)", () => {
  it("names the lead's column only through LEAD_NAME_COLUMN in the data layer (decision 036)", () => {
    // legal_business_name is another field; \b does not part it at the underscore.
    expect(linesNaming("app/server/**/*.ts", /(?<![a-z_])business_name\b/)).toEqual([]);
  });
});

/** The ```ts block of a Markdown file, without its list item's indent. */
function typescriptBlock(markdown: string): string {
  const block = /^( *)```ts\n([\s\S]*?)^ *```$/m.exec(markdown);
  if (!block) throw new Error("no ```ts block");
  const indent = block[1] ?? "";
  return (block[2] ?? "")
    .split("\n")
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join("\n");
}

let previous: ts.Program | undefined;

/** The type errors of the registry with `entry` written as its first field, as TypeScript says them. */
function registryErrorsWith(entry: string): string[] {
  const registry = path.join(ROOT, "app/domain/application/application-fields.ts");
  const opening = "export const APPLICATION_FIELDS = {\n";
  const source = readFileSync(registry, "utf8");
  if (!source.includes(opening)) throw new Error("the registry's opening line moved");
  const withEntry = source.replace(opening, `${opening}${entry}\n`);
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error("tsconfig.json unreadable");
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (path.resolve(file) === registry ? withEntry : readFile(file));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError) =>
    path.resolve(file) === registry
      ? ts.createSourceFile(file, withEntry, language)
      : getSourceFile(file, language, onError);
  // The program before reuses what did not change: every file but the registry.
  const program = ts.createProgram([registry], config.options, host, previous);
  previous = program;
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(registry))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

describe("docs/product.md", () => {
  it("names every field of the application among the record's fields", () => {
    const product = readFileSync(path.join(ROOT, "docs/product.md"), "utf8");
    const section = /### Record fields\n([\s\S]*?)\n### /.exec(product)?.[1] ?? "";
    expect(section).not.toBe("");
    const named = new Set(section.match(/[a-z0-9_]+/g));
    expect(FIELD_COLUMNS.filter((column) => !named.has(column))).toEqual([]);
  });
});

describe("the lead record's version", () => {
  it("is the one LEAD_RECORD_SCHEMA_VERSION says, in the README too", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const said = [...readme.matchAll(/`schemaVersion` `([^`]+)`/g)].map((match) => match[1]);
    expect(said).toEqual([LEAD_RECORD_SCHEMA_VERSION]);
  });
});

describe("decision 036's worked example", () => {
  it("compiles as an entry of today's registry", { timeout: 120_000 }, () => {
    const decision = readFileSync(
      path.join(ROOT, "docs/decisions/036-the-wizard-asks-from-the-registry.md"),
      "utf8",
    );
    const example = typescriptBlock(decision);
    expect(example).toContain("owns_vehicles: field({");
    expect(registryErrorsWith(example)).toEqual([]);
  });

  it("would name the error of an entry that does not compile", { timeout: 120_000 }, () => {
    expect(registryErrorsWith('owns_vehicles: field({ label: "Owns", csv: true }),')).not.toEqual(
      [],
    );
  });
});
