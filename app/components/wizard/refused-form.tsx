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
        <p
          id={`${name}-error`}
          data-field-error=""
          className="mt-1 text-sm font-medium text-red-800"
        >
          {messages[0]}
        </p>
      ) : null;
    },
  };
}

/** What `refusedFields` gives a page, for the parts below. */
export type RefusedFields = ReturnType<typeof refusedFields>;

/** A text control's look on these forms; a date's is as wide as its value. */
const TEXT_CONTROL = "mt-1 block w-full rounded-lg border border-slate-400 p-3 text-ink";
const DATE_CONTROL = "mt-1 block rounded-lg border border-slate-400 p-3 text-ink";

type ControlProps = Omit<
  React.InputHTMLAttributes<HTMLInputElement> & React.TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "name" | "className" | "defaultValue" | "aria-invalid" | "aria-describedby"
>;

/**
 * A labelled field named `name` (its id too) of a form the server may refuse: marked invalid and
 * described by its message when refused, and by its `hint`, if any, shown under it. `rows` makes
 * it a text area.
 */
export function RefusableField({
  refused,
  name,
  label,
  hint,
  defaultValue,
  ...control
}: ControlProps & {
  refused: RefusedFields;
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
}) {
  const hintId = hint ? `${name}-hint` : undefined;
  const props = {
    ...control,
    id: name,
    name,
    defaultValue,
    "aria-invalid": refused.invalid(name) ? true : undefined,
    "aria-describedby": refused.describedBy(name, hintId),
    className: control.type === "date" ? DATE_CONTROL : TEXT_CONTROL,
  };
  return (
    <div>
      <label htmlFor={name} className="block font-semibold text-ink">
        {label}
      </label>
      {control.rows === undefined ? <input {...props} /> : <textarea {...props} />}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {refused.message(name)}
    </div>
  );
}

/** The form's own problem (not a field's), announced, and its button to send it. */
export function RefusableFormEnd({
  refusal,
  submit,
}: {
  refusal: FormRefusal | undefined;
  submit: string;
}) {
  return (
    <>
      {refusal?.problem ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {refusal.problem}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {submit}
        </button>
      </div>
    </>
  );
}
