/**
 * The checks of the wizard's steps after the email step (docs/product.md, "Validation rules"): each
 * answer's rule from the field registry (application-fields.ts), and a step's own checks across
 * its answers. Pure TypeScript: the browser and the server validate with the same schemas.
 */
import {
  answersSchema,
  type Answers,
  type AnswerStepId,
  type AskContext,
} from "#app/domain/application/application-fields.ts";
import { CHECKBOX_TICKED } from "#app/domain/values/fields.ts";
import { m } from "#app/paraglide/messages.js";
import { zipUsuallyElsewhere } from "#app/domain/reference/zip-codes.ts";
import { z } from "#app/domain/values/zod.ts";

/** The checks of a step's answers: each answer's rule (application-fields.ts), and the step's own. */
export type AnswersSchema = z.ZodMiniType<Answers>;

/**
 * What Continue checks a step's answers with, in the browser and on the server: each answer's rule
 * (application-fields.ts), and the step's own checks across its answers where it has any.
 */
export function stepAnswersSchema(step: AnswerStepId, context: AskContext): AnswersSchema {
  // Built once per step, year and state rather than on every request: each wizard request checks
  // every earlier step's answers.
  // The place names follow from the language (the server gives the same ones for each).
  const key = `${step}\n${context.thisYear}\n${context.state ?? ""}\n${context.locale}`;
  const known = builtSchemas.get(key);
  if (known) return known;
  const answers = answersSchema(step, context);
  // The registry's rules give text, a ticked box, or nothing: the answers' own types.
  const built =
    step === "about-you" ? aboutYouChecks(answers, context) : (answers as AnswersSchema);
  // Bounded: a few steps, this year and the one before or after, the states (and anything a
  // stored draft holds, which is why the map is emptied rather than left to grow).
  if (builtSchemas.size >= MAX_BUILT_SCHEMAS) builtSchemas.clear();
  builtSchemas.set(key, built);
  return built;
}

/** The most step schemas kept built at once. */
const MAX_BUILT_SCHEMAS = 500;
const builtSchemas = new Map<string, AnswersSchema>();

/**
 * About you, across its answers: a mailing address when it is not the primary location, and a ZIP
 * code usually in another state than the business's (step 1) only once the visitor confirms it
 * (zip-codes.ts).
 */
function aboutYouChecks(
  answers: ReturnType<typeof answersSchema>,
  { state, locale, placeNames }: AskContext,
): AnswersSchema {
  const placeName = (place: string) => placeNames[place] ?? place;
  const isObject = (payload: { value: unknown }) =>
    typeof payload.value === "object" && payload.value !== null;
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const elsewhere = (zip: string) => zipUsuallyElsewhere(zip, state);
  return z.pipe(
    answers.check(
      // Checked even while other fields are wrong, so that every message shows at once.
      z.refine((value) => value.sameAddress !== "No" || text(value.mailingAddress) !== "", {
        path: ["mailingAddress"],
        message: m.answer_mailing_address_required({}, { locale }),
        when: isObject,
      }),
      z.refine(
        // Read even while other fields are wrong, when the box may still be as posted ("on").
        (value) =>
          !elsewhere(text(value.zipCode)) ||
          value.zipConfirmed === true ||
          value.zipConfirmed === CHECKBOX_TICKED,
        {
          path: ["zipCode"],
          error: (issue) => {
            const posted: unknown = issue.input;
            const zip =
              typeof posted === "object" && posted !== null && "zipCode" in posted
                ? text(posted.zipCode)
                : "";
            return m.answer_zip_elsewhere(
              {
                place: placeName(elsewhere(zip) ?? ""),
                state: placeName(state ?? ""),
                confirm: m.answer_zip_confirm({}, { locale }),
              },
              { locale },
            );
          },
          when: isObject,
        },
      ),
    ),
    z.transform(
      (value: Record<string, unknown>): Answers =>
        // Each value is a rule's output: text, a ticked box, or undefined.
        ({
          ...value,
          unit: value.unit || undefined,
          // The mailing address is asked only when it differs from the primary location.
          mailingAddress: value.sameAddress === "No" ? value.mailingAddress : undefined,
          // The confirmation counts only for a ZIP code that needed it.
          zipConfirmed: value.zipConfirmed === true && !!elsewhere(text(value.zipCode)),
        }) as Answers,
    ),
  );
}
