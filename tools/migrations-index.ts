/**
 * npm run migrations:index
 *
 * Writes database/migrations/index.ts from the folder's migration files, in the order of their
 * names: a new migration is its file alone, and this writes the two lines the index needs for it
 * (issue 57: each was written twice by hand). database/migrations/index.test.ts fails, naming this
 * command, while the index and the folder disagree.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

import { writeFormatted } from "./formatted-file.ts";

export const MIGRATIONS_FOLDER = "database/migrations";
export const MIGRATIONS_INDEX = path.join(MIGRATIONS_FOLDER, "index.ts");

/** The migrations' names (their files' without `.ts`), in the order they apply. */
export function migrationNames(folder = MIGRATIONS_FOLDER): string[] {
  return readdirSync(folder)
    .filter((file) => /^\d{4}-[a-z0-9-]+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ""))
    .sort();
}

/** The index's text for these migrations, before formatting. */
export function migrationsIndexText(names: readonly string[]): string {
  const alias = (name: string) => `m${name.slice(0, 4)}`;
  return [
    "// Written by `npm run migrations:index` from the folder's files: do not edit by hand.",
    'import type { Migration } from "kysely/migration";',
    "",
    ...names.map((name) => `import * as ${alias(name)} from "./${name}.ts";`),
    "",
    "/**",
    " * Every migration, by name, in the order they apply. Never rename or change one that has been",
    " * applied; a new one is a new file, then `npm run migrations:index`.",
    " */",
    "export const migrations: Record<string, Migration> = {",
    ...names.map((name) => `  "${name}": ${alias(name)},`),
    "};",
    "",
  ].join("\n");
}

if (import.meta.main) {
  await writeFormatted(MIGRATIONS_INDEX, migrationsIndexText(migrationNames()));
}
