/**
 * A posted form read against one of the site's schemas, as Conform's submission: the same function
 * checks a form in the browser (as the visitor types) and in the action (decision 010).
 */
import { formatPaths, INTENT, parse, STATE, type Submission } from "@conform-to/dom";

import { z } from "#app/domain/values/zod.ts";

/** The payload as the form sent it: text, lists of text (repeated names) and files. */
type Payload = Record<string, unknown>;

/**
 * How much a posted form may ask the parser to build (decision 011). Conform reads a field named
 * `a.b` or `a[3]` into nested objects and lists, so a name such as `a[123456789]` alone would make
 * a list that long, and thousands of repeats of one name take seconds to gather. The site's forms
 * use plain names and send at most some 50 fields (the retail segments' 42 checkboxes and a few
 * more); these limits leave room for that and bound everything else: at most `fields` fields, each
 * name of at most `depth` parts, each list index written plainly from 0 to `index`.
 */
export const FORM_LIMITS = { fields: 100, depth: 2, index: 99 } as const;

/** One part of a field name: a key (after a dot, but for the first) or a list index in brackets. */
const NAME_PART = /(\.?)([^.[\]]+)|\[(0|[1-9]\d*)\]/y;

/**
 * Whether a posted field name stays within FORM_LIMITS: parts and indexes are counted as the name
 * is read, so nothing the name claims is built.
 */
export function isBoundedFieldName(name: string): boolean {
  let depth = 0;
  NAME_PART.lastIndex = 0;
  while (NAME_PART.lastIndex < name.length) {
    const match = NAME_PART.exec(name);
    if (!match) return false;
    const [, dot, key, index] = match;
    // A dot goes between parts only; a list index only after a key.
    if (key !== undefined && (dot === "") !== (depth === 0)) return false;
    if (index !== undefined && (depth === 0 || Number(index) > FORM_LIMITS.index)) return false;
    depth += 1;
    if (depth > FORM_LIMITS.depth) return false;
  }
  return depth > 0;
}

/**
 * Whether one posted field stays within FORM_LIMITS. Two names are Conform's own and carry JSON
 * that it acts on: `__intent__` (which the site's forms send when Conform checks a field as the
 * visitor leaves it) must be an intent whose field name and list positions are within the limits
 * too, or it would build what they claim; `__state__` is never sent by the site's forms.
 */
function isBoundedField(name: string, value: FormDataEntryValue): boolean {
  if (!isBoundedFieldName(name) || name === STATE) return false;
  return name !== INTENT || (typeof value === "string" && isBoundedIntent(value));
}

/** A Conform intent (`{"type":"validate","payload":{"name":"email"}}`) within FORM_LIMITS. */
function isBoundedIntent(json: string): boolean {
  let intent: unknown;
  try {
    intent = JSON.parse(json);
  } catch {
    return false;
  }
  if (!isRecord(intent) || typeof intent.type !== "string" || !isRecord(intent.payload)) {
    return false;
  }
  const { name, index, from, to } = intent.payload;
  if (name !== undefined && (typeof name !== "string" || !isBoundedFieldName(name))) return false;
  return [index, from, to].every(
    (position) =>
      position === undefined ||
      (Number.isInteger(position) &&
        Number(position) >= 0 &&
        Number(position) <= FORM_LIMITS.index),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether every field of a posted form is within FORM_LIMITS, so that parsing it is bounded. */
export function isBoundedForm(formData: FormData | URLSearchParams): boolean {
  let fields = 0;
  for (const [name, value] of formData.entries()) {
    fields += 1;
    if (fields > FORM_LIMITS.fields || !isBoundedField(name, value)) return false;
  }
  return true;
}

/**
 * The form itself when it is within FORM_LIMITS; otherwise only its first fields that are.
 * The server refuses such a form before any action runs (guardPosts); this keeps parseForm bounded
 * whoever calls it.
 */
function bounded(formData: FormData | URLSearchParams): FormData | URLSearchParams {
  if (isBoundedForm(formData)) return formData;
  const kept = new FormData();
  let fields = 0;
  for (const [name, value] of formData.entries()) {
    if (fields === FORM_LIMITS.fields) break;
    if (!isBoundedField(name, value)) continue;
    kept.append(name, value);
    fields += 1;
  }
  return kept;
}

/**
 * Reads `formData` into the shape `schema` checks: a field left empty counts as not given (as an
 * unticked checkbox or an unchosen radio button is), so that each schema says what "required"
 * means once. Each field's messages are keyed by its name (`segments`, `address[0]`), for Conform.
 * Fields beyond FORM_LIMITS are left out before anything is parsed.
 */
export function parseForm<Schema extends z.ZodMiniType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
): Submission<z.output<Schema>> {
  return parse<z.output<Schema>, string[]>(bounded(formData), {
    resolve(payload: Payload) {
      const result = z.safeParse(schema, withoutEmptyFields(payload));
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = formatPaths(issue.path.filter((key) => typeof key !== "symbol"));
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}

/** Every field of a posted form, none checked: for answering with what was typed. */
export const anyForm = z.looseObject({});

function withoutEmptyFields(value: unknown): unknown {
  if (value === "") return undefined;
  if (Array.isArray(value)) {
    return value.map(withoutEmptyFields).filter((item) => item !== undefined);
  }
  if (typeof value === "object" && value !== null && !(value instanceof Blob)) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, item]) => [key, withoutEmptyFields(item)])
        .filter(([, item]) => item !== undefined),
    );
  }
  return value;
}
