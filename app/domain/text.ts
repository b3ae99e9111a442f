/**
 * A single line of typed text without control characters (C0, DEL and C1): they are never meant,
 * they break what is shown, and PostgreSQL refuses NUL outright.
 */
export function withoutControlCharacters(value: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
}
