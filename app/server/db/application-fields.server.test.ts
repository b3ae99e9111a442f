import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { APPLICATION_FIELDS, type ColumnKind } from "#app/domain/application/application-fields.ts";
import { testDatabaseKinds } from "#tests/support/databases.ts";

/** The record's own columns: not fields of the application. */
const RECORD_COLUMNS = ["id", "created_at", "updated_at", "completed_at", "email_not_proven"];

/** How information_schema names each of the registry's column types. */
const SQL_TYPES: Record<ColumnKind, string> = {
  text: "text",
  "text[]": "ARRAY",
  boolean: "boolean",
  integer: "integer",
  bigint: "bigint",
  timestamptz: "timestamp with time zone",
};

describe.each(testDatabaseKinds)("the application's field registry on $name", (kind) => {
  it("names every column of the migrated table, with its type and whether it may be null", async () => {
    const database = await kind.open();
    try {
      const { rows } = await sql<{ column_name: string; data_type: string; is_nullable: string }>`
        select column_name, data_type, is_nullable from information_schema.columns
        where table_name = 'business_wizard_submissions' and table_schema = current_schema()
      `.execute(database.db);
      const table = Object.fromEntries(
        rows
          .filter((row) => !RECORD_COLUMNS.includes(row.column_name))
          .map((row) => [row.column_name, `${row.data_type} ${row.is_nullable}`]),
      );
      const registry = Object.fromEntries(
        Object.entries(APPLICATION_FIELDS).map(([column, spec]) => [
          column,
          `${SQL_TYPES[spec.column]} ${"required" in spec && spec.required ? "NO" : "YES"}`,
        ]),
      );
      // A column without a field, a field without a column, or a type apart: the diff says which.
      expect(table).toEqual(registry);
      expect(rows.map((row) => row.column_name)).toEqual(expect.arrayContaining(RECORD_COLUMNS));
    } finally {
      await database.close();
    }
  });
});
