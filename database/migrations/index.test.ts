import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { formattedAs } from "../../tools/formatted-file.ts";
import {
  MIGRATIONS_INDEX,
  migrationNames,
  migrationsIndexText,
} from "../../tools/migrations-index.ts";
import { migrations } from "./index.ts";

describe("the migrations index", () => {
  it("lists every migration file in the folder, in order", () => {
    expect(Object.keys(migrations)).toEqual(migrationNames());
  });

  it("numbers each migration once", () => {
    const numbers = migrationNames().map((name) => name.slice(0, 4));
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index)).toEqual([]);
  });

  it("is as `npm run migrations:index` writes it", async () => {
    const written = readFileSync(MIGRATIONS_INDEX, "utf8");
    const expected = await formattedAs(MIGRATIONS_INDEX, migrationsIndexText(migrationNames()));
    expect(written, "database/migrations/index.ts is stale: run npm run migrations:index").toBe(
      expected,
    );
  });
});
