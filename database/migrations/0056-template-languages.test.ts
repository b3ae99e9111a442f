import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";

import { testDatabaseKinds } from "#tests/support/databases.ts";

import * as templateLanguages from "./0056-template-languages.ts";

/** The ZIP code sample as migration 0025 left it. */
const ZIP_SAMPLE = {
  name: "We need your ZIP code",
  subject: "Your quote request {reference}: one more detail",
  body: "Hello {first_name},\n\nThank you for asking us to quote {business_name}. To ask insurers for prices we need the ZIP code of the business's main location. Could you call us on {agency_phone} with it?\n\n{agency_name}",
};

describe.each(testDatabaseKinds)("migration 0056 on $name", (kind) => {
  it("writes each template in a language, replaces the untouched ZIP sample, adds Spanish ones", async () => {
    const database = await kind.open();
    try {
      // A migration is written against no schema (Kysely<unknown>); this database has one.
      const db = database.db as unknown as Kysely<unknown>;
      await templateLanguages.down(db);
      await sql`INSERT INTO desk_email_templates (name, subject, body)
        VALUES (${ZIP_SAMPLE.name}, ${ZIP_SAMPLE.subject}, ${ZIP_SAMPLE.body}),
          ('Our own', 'Hello', 'Words the agency wrote')`.execute(db);
      await sql`INSERT INTO desk_email_template_versions (template_id, name, subject, body)
        SELECT id, name, subject, body FROM desk_email_templates`.execute(db);
      await templateLanguages.up(db);
      const { rows } = await sql<{ name: string; language: string; versions: number }>`
        SELECT t.name, t.language,
          (SELECT count(*)::int FROM desk_email_template_versions AS v
            WHERE v.template_id = t.id) AS versions
        FROM desk_email_templates AS t ORDER BY t.language, t.name`.execute(db);
      expect(rows).toEqual([
        // The sample replaced, its first words kept among its versions.
        { name: "A question before we quote", language: "en", versions: 2 },
        { name: "Our own", language: "en", versions: 1 },
        { name: "Sus cotizaciones están en camino (español)", language: "es", versions: 1 },
        { name: "Una pregunta antes de cotizar (español)", language: "es", versions: 1 },
      ]);
    } finally {
      await database.close();
    }
  });

  it("leaves a ZIP sample an operator saved as it is", async () => {
    const database = await kind.open();
    try {
      const db = database.db as unknown as Kysely<unknown>;
      await templateLanguages.down(db);
      const { rows: operators } = await sql<{ id: string }>`
        INSERT INTO operators (email, password_hash)
        VALUES ('ana@agency.example', 'not a real hash') RETURNING id`.execute(db);
      await sql`INSERT INTO desk_email_templates (name, subject, body)
        VALUES (${ZIP_SAMPLE.name}, ${ZIP_SAMPLE.subject}, ${ZIP_SAMPLE.body})`.execute(db);
      await sql`INSERT INTO desk_email_template_versions (template_id, name, subject, body, saved_by)
        SELECT id, name, subject, body, ${operators[0]?.id} FROM desk_email_templates`.execute(db);
      await templateLanguages.up(db);
      const { rows } = await sql<{ name: string }>`
        SELECT name FROM desk_email_templates WHERE language = 'en'`.execute(db);
      expect(rows).toEqual([{ name: "We need your ZIP code" }]);
    } finally {
      await database.close();
    }
  });
});
