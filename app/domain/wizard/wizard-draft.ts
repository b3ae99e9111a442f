/**
 * What the server keeps between the wizard's steps for one visitor (decision 003): the first
 * steps' answers, the submission the email step wrote, and every later answer by name (the field
 * registry's, application-fields.ts). Pure TypeScript.
 */
import { ANSWER_NAMES } from "#app/domain/application/application-fields.ts";
import {
  getIndustry,
  isIndustryId,
  MAX_SEGMENTS,
  type Industry,
} from "#app/domain/reference/industries.ts";
import { z } from "#app/domain/values/zod.ts";

/** The longest a stored draft's text may be: above every field's own limit, and bounded. */
const STORED_TEXT_MAX = 2000;

const storedText = z.string().check(z.maxLength(STORED_TEXT_MAX));

/**
 * What the server keeps between steps for one visitor (decision 003), checked on every read:
 * a stored draft that does not fit is treated as empty. Values are as last entered: a step left
 * with Back may hold values that do not pass its schema yet, so each part is only bounded here.
 */
export const wizardDraftSchema = z.object({
  industry: z.optional(storedText),
  state: z.optional(storedText),
  /** The segments sent on; the screen's choice is read back from them (segment-choice.ts). */
  segments: z.optional(z.array(storedText).check(z.maxLength(MAX_SEGMENTS))),
  email: z.optional(storedText),
  /**
   * The submission the email step wrote, and for which email; known only to the server.
   * `emailProven`: this session came from an emailed link to that submission (decision 013).
   */
  submission: z.optional(
    z.object({ id: z.uuid(), email: storedText, emailProven: z.optional(z.boolean()) }),
  ),
  /**
   * For "other": the 2022 NAICS code the visitor picked from the suggestions for what they typed,
   * or "none" (kept their own words, or nothing matched). Undefined until asked.
   */
  naicsCode: z.optional(storedText),
  /** The answers of the steps after the email step, by name (application-fields.ts). */
  answers: z.optional(z.partialRecord(z.enum(ANSWER_NAMES), z.union([storedText, z.boolean()]))),
  /** When the visitor agreed to texts, and the exact words they agreed to. */
  textsConsent: z.optional(z.object({ givenAt: storedText, text: storedText })),
});

export type WizardDraft = z.output<typeof wizardDraftSchema>;

/** A stored draft, checked: what does not fit the draft's shape reads as undefined. */
export function parseDraft(stored: unknown): WizardDraft | undefined {
  const parsed = wizardDraftSchema.safeParse(withAnswersTogether(stored));
  return parsed.success ? parsed.data : undefined;
}

/**
 * A draft kept before the answers were kept together (issue 27) held the business name on its own
 * and each questionnaire's answers under the step: read as today's, so that a visitor part-way
 * through loses nothing. Only the names of today's answers are taken.
 */
function withAnswersTogether(stored: unknown): unknown {
  if (typeof stored !== "object" || stored === null || "answers" in stored) return stored;
  const names: readonly string[] = ANSWER_NAMES;
  const parts = ["aboutYou", "ownership"];
  const entries = Object.entries(stored);
  const answers = Object.fromEntries([
    ...entries.flatMap(([key, values]) =>
      parts.includes(key) && typeof values === "object" && values !== null
        ? Object.entries(values).filter(([name]) => names.includes(name))
        : [],
    ),
    ...entries.filter(([key]) => names.includes(key)),
  ]);
  const rest = Object.fromEntries(
    entries.filter(([key]) => !parts.includes(key) && !names.includes(key)),
  );
  return Object.keys(answers).length === 0 ? rest : { ...rest, answers };
}

/** The industry of a draft, when it names a valid one. */
export function draftIndustry(draft: WizardDraft): Industry | undefined {
  return draft.industry && isIndustryId(draft.industry) ? getIndustry(draft.industry) : undefined;
}
