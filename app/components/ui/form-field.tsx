/** The look of text inputs, selects and text areas: a 3:1 border, and a red one when invalid. */
export const controlClasses =
  "block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-base text-ink shadow-xs placeholder:text-slate-500 aria-[invalid=true]:border-danger-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-danger-700";

/** The id of a field's hint, for its aria-describedby. */
export function hintId(fieldId: string): string {
  return `${fieldId}-hint`;
}

/**
 * A form control with its visible label, an optional hint and the server's message when the value
 * was refused. The control itself (from Conform's getInputProps & co.) is the child; give it
 * `hintId(id)` in aria-describedby when there is a hint.
 */
export function FormField({
  id,
  label,
  hint,
  errorId,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errorId: string;
  errors?: string[];
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink">
        {label}
      </label>
      {hint ? (
        <p id={hintId(id)} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">{children}</div>
      {errors?.length ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger-700">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** A form-wide message, e.g. when saving failed: announced, and in the danger colours. */
export function FormAlert({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-lg border border-danger-700 bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700"
    >
      {errors[0]}
    </p>
  );
}
