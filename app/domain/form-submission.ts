/**
 * A posted form read against one of the site's schemas, as Conform's submission: the same function
 * checks a form in the browser (as the visitor types) and in the action (decision 010).
 */
import { formatPaths, parse, type Submission } from "@conform-to/dom";

import { z } from "./zod.ts";

/** The payload as the form sent it: text, lists of text (repeated names) and files. */
type Payload = Record<string, unknown>;

/**
 * Reads `formData` into the shape `schema` checks: a field left empty counts as not given (as an
 * unticked checkbox or an unchosen radio button is), so that each schema says what "required"
 * means once. Each field's messages are keyed by its name (`segments`, `address[0]`), for Conform.
 */
export function parseForm<Schema extends z.ZodMiniType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
): Submission<z.output<Schema>> {
  return parse<z.output<Schema>, string[]>(formData, {
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
