import { globSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

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
