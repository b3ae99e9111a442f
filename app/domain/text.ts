/**
 * A single line of typed text without control characters (C0, DEL and C1): they are never meant,
 * they break what is shown, and PostgreSQL refuses NUL outright.
 */
export function withoutControlCharacters(value: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
}

/**
 * Text typed on several lines (an address in a text area) on one line: each line break, with the
 * spaces around it, becomes ", "; empty lines go.
 */
export function joinLines(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(", ");
}
