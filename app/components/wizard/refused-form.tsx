/**
 * A form after the server refused it (the request to bind, the certificate request): what was
 * typed, each field's messages, and a problem for the whole form. The page shows it again with
 * each message beside its field (`message`), the field marked invalid and described by it.
 */

/** Why the server refused a form, beside each field, with what was typed. */
export interface FormRefusal {
  fields: Record<string, readonly string[] | null | undefined>;
  typed: Record<string, unknown>;
  problem?: string;
}

/** What a page needs to show `refusal` (undefined: the form as first shown) beside its fields. */
export function refusedFields(refusal: FormRefusal | undefined) {
  const invalid = (name: string) => {
    const messages = refusal?.fields[name];
    return messages && messages.length > 0 ? messages : undefined;
  };
  return {
    /** The field's messages, if it was refused. */
    invalid,
    /** What was typed into the field, as posted. */
    typed: (name: string): unknown => refusal?.typed[name],
    /** What was typed as text; before any refusal, `fallback`. */
    typedText: (name: string, fallback = ""): string => {
      const value = refusal?.typed[name];
      return typeof value === "string" ? value : refusal ? "" : fallback;
    },
    /** The ids that describe the field: its message when refused, and a `hint` if it has one. */
    describedBy: (name: string, hint?: string) =>
      [invalid(name) ? `${name}-error` : undefined, hint].filter(Boolean).join(" ") || undefined,
    /** The field's first message, to show under it. */
    message: (name: string) => {
      const messages = invalid(name);
      return messages ? (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-800">
          {messages[0]}
        </p>
      ) : null;
    },
  };
}
