import { readdirSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { migrations } from "./index.ts";

describe("the migrations index", () => {
  it("lists every migration file in the folder, in order", () => {
    const files = readdirSync(import.meta.dirname)
      .filter((file) => /^\d{4}-.+\.ts$/.test(file) && !file.endsWith(".test.ts"))
      .map((file) => file.replace(/\.ts$/, ""))
      .sort();
    expect(Object.keys(migrations)).toEqual(files);
  });
});
