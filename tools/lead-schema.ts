/**
 * npm run schema:lead
 *
 * Writes docs/lead-record.schema.json, the published JSON Schema of the lead record, from the one
 * schema the code builds and checks records with (app/domain/leads/lead-record.ts), formatted as
 * the linter expects. A test fails while the file and the code disagree.
 */
import { leadRecordJsonSchema } from "#app/domain/leads/lead-record.ts";

import { writeFormatted } from "./formatted-file.ts";

export const LEAD_SCHEMA_FILE = "docs/lead-record.schema.json";

await writeFormatted(LEAD_SCHEMA_FILE, JSON.stringify(leadRecordJsonSchema(), null, 2));
