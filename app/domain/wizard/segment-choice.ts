/**
 * The segments step's rule (docs/product.md, "How the wizard moves" and "Validation rules"), in one place: which list an industry offers,
 * how its segments are chosen, what is sent on as segments, and how saved segments read back as
 * the screen's choice. The screen, its schema, the step guard and the record mapping all use it.
 */
import { z } from "#app/domain/values/zod.ts";

import { formList, optionalText, requiredText } from "#app/domain/values/fields.ts";
import { MAX_SEGMENTS, type Industry, type IndustryId } from "#app/domain/reference/industries.ts";
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale, type Message } from "#app/domain/site/locales.ts";
import { maxSegments } from "#app/domain/site/messages.ts";

/** An industry code chosen for "other": a six-digit NAICS code, or "none" (own words kept). */
export const NAICS_CHOICE = /^(?:\d{6}|none)$/;

/** What "other"'s draft keeps when the visitor kept their own words (or nothing matched). */
export const NO_NAICS_CODE = "none";

/** The longest segment a visitor may type (offices' and other's text box). */
export const SEGMENT_TEXT_MAX = 100;

/** The segments step's heading for each industry (the spec leaves the words to us). */
export const SEGMENTS_HEADINGS: Record<IndustryId, Message> = {
  construction: m.wizard_segments_heading_construction,
  food: m.wizard_segments_heading_food,
  retail: m.wizard_segments_heading_retail,
  offices: m.wizard_segments_heading_offices,
  cleaning: m.wizard_segments_heading_cleaning,
  other: m.wizard_segments_heading_other,
};

/** What the segments step accepts: the segments sent on, and for "other" its code choice. */
export interface SegmentsValue {
  segments: string[];
  naicsCode?: string | undefined;
}

/** What the screen holds: the list items chosen, and the text typed in the box. */
export interface SegmentsChoice {
  selected: string[];
  searchQuery: string;
}

/** Whether a segment is one of the industry's own list. */
export function isListed(industry: Industry, segment: string): boolean {
  return industry.segments.includes(segment);
}

/**
 * What is sent on as segments (docs/product.md, "How the wizard moves"): for offices, the typed text if any, otherwise the
 * selected item; for other, the typed text as the single segment; otherwise the selected list.
 * Text typed that is one of the list's items is that item.
 */
export function segmentsToSend(industry: Industry, choice: SegmentsChoice): string[] {
  const typed = choice.searchQuery.trim();
  switch (industry.selection) {
    case "single-with-search":
      return typed ? [typed] : choice.selected.slice(0, 1);
    case "free-text":
      return typed ? [typed] : [];
    default:
      return choice.selected;
  }
}

/**
 * Saved segments as the screen shows them: the list items chosen, and (for offices and other) the
 * segment that is not a list item as the typed text. The inverse of segmentsToSend for every choice
 * the schema accepts.
 */
export function choiceOfSegments(industry: Industry, segments: readonly string[]): SegmentsChoice {
  const typed =
    industry.selection === "free-text"
      ? (segments[0] ?? "")
      : industry.selection === "single-with-search"
        ? (segments.find((segment) => !isListed(industry, segment)) ?? "")
        : "";
  return {
    selected:
      industry.selection === "free-text" ? [] : segments.filter((s) => isListed(industry, s)),
    searchQuery: typed,
  };
}

/**
 * What a form left with Back holds, unchecked but bounded: list items only (at most
 * MAX_SEGMENTS of them) and the typed text capped in length, as the segments they stand for.
 */
export function typedSegments(
  industry: Industry,
  posted: { listed: readonly unknown[]; searchQuery: string | undefined },
): string[] {
  const selected = posted.listed
    .filter((value): value is string => typeof value === "string" && isListed(industry, value))
    .slice(0, MAX_SEGMENTS);
  const searchQuery = (posted.searchQuery ?? "").slice(0, SEGMENT_TEXT_MAX);
  return segmentsToSend(industry, {
    selected: industry.selection === "free-text" ? [] : selected,
    searchQuery,
  });
}

/**
 * The segments step's schema for one industry. Its form fields: `segments` (checkboxes), `segment`
 * (one choice) and `searchQuery` (typed text), as the industry asks; its output, the segments sent.
 */
export function segmentsSchema(
  industry: Industry,
  locale: Locale = BASE_LOCALE,
): z.ZodMiniType<SegmentsValue> {
  let built = builtSegmentsSchemas.get(industry);
  if (!built) {
    built = new Map();
    builtSegmentsSchemas.set(industry, built);
  }
  const known = built.get(locale);
  if (known) return known;
  const schema = buildSegmentsSchema(industry, locale);
  built.set(locale, schema);
  return schema;
}

/**
 * Each industry's segments schema in each language, built once (the industries are the
 * reference list's objects): every wizard request after step 2 checks the saved segments with it,
 * and building it cost more than the check.
 */
const builtSegmentsSchemas = new WeakMap<Industry, Map<Locale, z.ZodMiniType<SegmentsValue>>>();

function buildSegmentsSchema(industry: Industry, locale: Locale): z.ZodMiniType<SegmentsValue> {
  const say = (message: Message) => message({}, { locale });
  const unknown = say(m.wizard_segment_unknown);
  const fromList = z.enum(industry.segments as [string, ...string[]], { error: unknown });
  const sent = (choice: SegmentsChoice) => ({ segments: segmentsToSend(industry, choice) });
  switch (industry.selection) {
    case "multiple":
      return z.pipe(
        z.object({
          segments: formList(
            z.array(z.string().check(z.maxLength(SEGMENT_TEXT_MAX))).check(
              z.minLength(1, say(m.wizard_segment_required)),
              z.maxLength(MAX_SEGMENTS, maxSegments(locale)),
              z.refine(
                (chosen) => chosen.every((segment) => z.safeParse(fromList, segment).success),
                { error: unknown },
              ),
              z.refine((chosen) => new Set(chosen).size === chosen.length, { error: unknown }),
            ),
          ),
        }),
        z.transform(({ segments }) => sent({ selected: segments, searchQuery: "" })),
      );
    case "single":
      return z.pipe(
        z.object({
          segment: z.enum(industry.segments as [string, ...string[]], {
            error: say(m.wizard_segment_single_required),
          }),
        }),
        z.transform(({ segment }) => sent({ selected: [segment], searchQuery: "" })),
      );
    case "single-with-search":
      return z.pipe(
        z
          .object({
            segment: z.optional(fromList),
            searchQuery: optionalText(SEGMENT_TEXT_MAX, locale),
          })
          .check(
            z.refine((value) => Boolean(value.segment || value.searchQuery), {
              error: say(m.wizard_offices_required),
              path: ["searchQuery"],
            }),
          ),
        z.transform(({ segment, searchQuery = "" }) =>
          sent({ selected: segment ? [segment] : [], searchQuery }),
        ),
      );
    case "free-text":
      return z.pipe(
        z.object({
          searchQuery: requiredText(say(m.wizard_profession_required), SEGMENT_TEXT_MAX, locale),
          naicsCode: z.optional(z.string().check(z.regex(NAICS_CHOICE, { error: unknown }))),
        }),
        z.transform(({ searchQuery, naicsCode }) => ({
          ...sent({ selected: [], searchQuery }),
          naicsCode,
        })),
      );
  }
}

/** Whether saved segments are a choice the industry's schema accepts. */
export function segmentsAreValid(industry: Industry, segments: readonly string[]): boolean {
  const { selected, searchQuery } = choiceOfSegments(industry, segments);
  const form = { segments: selected, segment: selected[0], searchQuery };
  const parsed = segmentsSchema(industry).safeParse(form);
  // The choice must also read back as the same segments (nothing dropped, nothing reordered).
  return (
    parsed.success &&
    parsed.data.segments.length === segments.length &&
    parsed.data.segments.every((segment, i) => segment === segments[i])
  );
}
