/**
 * The quote wizard's first forms (docs/product.md, "How the wizard moves" and "Validation rules"):
 * step 1 and the email step, and the texts consent's words. The later steps' checks are in
 * wizard-answers.ts, the draft that keeps the answers between steps in wizard-draft.ts, the steps
 * themselves in wizard-steps.ts, the segments rule in segment-choice.ts, the saved record in
 * application-record.ts. Pure TypeScript: the browser and the server validate with the same schemas.
 * It imports nothing of the field registry, so that step 1's scripts stay small (issue 18).
 */
import { z } from "#app/domain/values/zod.ts";

import { INDUSTRY_IDS } from "#app/domain/reference/industries.ts";
import { EMAIL_MAX_LENGTH, emailAddress } from "#app/domain/values/fields.ts";
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { SEGMENT_TEXT_MAX } from "#app/domain/wizard/segment-choice.ts";
import { site } from "#app/domain/site/site.ts";
import { US_STATES } from "#app/domain/reference/states.ts";

/** The first steps' text fields and how long each may be (the later steps' are the registry's). */
export const TEXT_LIMITS = {
  segmentText: SEGMENT_TEXT_MAX,
  email: EMAIL_MAX_LENGTH,
} as const;

/** Each language's schema, built once: every wizard request checks the earlier steps with them. */
function perLocale<Schema>(build: (locale: Locale) => Schema): (locale?: Locale) => Schema {
  const built = new Map<Locale, Schema>();
  return (locale = BASE_LOCALE) => {
    const known = built.get(locale);
    if (known) return known;
    const schema = build(locale);
    built.set(locale, schema);
    return schema;
  };
}

/** Step 1: an industry and a state, with its messages in `locale`. */
export const industryStateSchema = perLocale((locale) =>
  z.object({
    industry: z.enum(INDUSTRY_IDS, { error: m.wizard_industry_required({}, { locale }) }),
    state: z.enum(US_STATES, { error: m.wizard_state_required({}, { locale }) }),
  }),
);

/** The email step: stored trimmed and lowercased; its messages in `locale`. */
export const emailSchema = perLocale((locale) =>
  z.object({ email: emailAddress(undefined, locale) }),
);

/**
 * The consent to texts, word for word as questionnaire 2 shows it in `locale`; when a visitor
 * agrees, these words are stored beside the record as evidence, in the language they were shown
 * in. They name who would send the texts: the licensed agency (`agencyName`, the AGENCY_NAME
 * setting's Agency.name), as well as the brand (issue 26).
 */
export function textsConsentText(agencyName: string, locale: Locale = BASE_LOCALE): string {
  return m.wizard_texts_consent({ agency: agencyName, brand: site.brand }, { locale });
}
