/**
 * npm run docs:plan-rules
 *
 * Writes docs/plan-rules.md, the table of the coverage plan's rules a reviewer reads, from the
 * rules themselves (app/domain/quote/plan-rules-table.ts). A test fails while the file and the
 * rules disagree.
 */
import { writeFile } from "node:fs/promises";

import { planRulesMarkdown } from "#app/domain/quote/plan-rules-table.ts";

await writeFile("docs/plan-rules.md", planRulesMarkdown());
