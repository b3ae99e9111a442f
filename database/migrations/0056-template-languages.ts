import { sql, type Kysely } from "kysely";

// Issue 56 (decision 071): the desk's email templates in English and Spanish. Each template is
// written in one language (`language`, as the site's: 'en' or 'es'), and each save keeps it. The
// sample "We need your ZIP code" asked for what every application now has: where no operator has
// saved it, it becomes "A question before we quote" (its earlier words stay among its versions).
// The two samples are added in Spanish, for customers who applied in Spanish.
const ZIP_SAMPLE_BODY =
  "Hello {first_name},\n\nThank you for asking us to quote {business_name}. To ask insurers for prices we need the ZIP code of the business's main location. Could you call us on {agency_phone} with it?\n\n{agency_name}";

const QUESTION = {
  name: "A question before we quote",
  subject: "Your quote request {reference}: a question",
  body: "Hello {first_name},\n\nThank you for asking us to quote {business_name}. Before we ask insurers for prices we have a question about your application. Could you call us on {agency_phone}, or reply with a good time for us to call you?\n\n{agency_name}",
};

const SPANISH = [
  {
    name: "Una pregunta antes de cotizar (español)",
    subject: "Su solicitud de cotización {reference}: una pregunta",
    body: "Hola, {first_name}:\n\nGracias por pedirnos una cotización para {business_name}. Antes de pedir precios a las aseguradoras tenemos una pregunta sobre su solicitud. ¿Podría llamarnos al {agency_phone}, o respondernos con un buen momento para llamarle?\n\n{agency_name}",
  },
  {
    name: "Sus cotizaciones están en camino (español)",
    subject: "Su solicitud de cotización {reference}",
    body: "Hola, {first_name}:\n\nTenemos lo que necesitamos para {business_name} y estamos pidiendo precios a las aseguradoras. Le escribiremos en cuanto los tengamos. ¿Preguntas mientras tanto? Llámenos al {agency_phone}.\n\n{agency_name}",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["desk_email_templates", "desk_email_template_versions"]) {
    await db.schema
      .alterTable(table)
      .addColumn("language", "text", (col) =>
        col
          .notNull()
          .defaultTo("en")
          .check(sql`language IN ('en', 'es')`),
      )
      .execute();
  }
  await sql`
    WITH replaced AS (
      UPDATE desk_email_templates AS t
      SET name = ${QUESTION.name}, subject = ${QUESTION.subject}, body = ${QUESTION.body},
        updated_at = now()
      WHERE t.name = 'We need your ZIP code' AND t.body = ${ZIP_SAMPLE_BODY}
        AND NOT EXISTS (SELECT 1 FROM desk_email_template_versions AS v
          WHERE v.template_id = t.id AND v.saved_by IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM desk_email_templates AS o
          WHERE lower(o.name) = lower(${QUESTION.name}))
      RETURNING id, name, subject, body
    )
    INSERT INTO desk_email_template_versions (template_id, name, subject, body)
    SELECT id, name, subject, body FROM replaced`.execute(db);
  for (const template of SPANISH) {
    await sql`
      WITH added AS (
        INSERT INTO desk_email_templates (name, subject, body, language)
        SELECT ${template.name}, ${template.subject}, ${template.body}, 'es'
        WHERE NOT EXISTS (SELECT 1 FROM desk_email_templates
          WHERE lower(name) = lower(${template.name}))
        RETURNING id, name, subject, body, language
      )
      INSERT INTO desk_email_template_versions (template_id, name, subject, body, language)
      SELECT id, name, subject, body, language FROM added`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM desk_email_templates WHERE language = 'es'`.execute(db);
  for (const table of ["desk_email_template_versions", "desk_email_templates"]) {
    await db.schema.alterTable(table).dropColumn("language").execute();
  }
}
