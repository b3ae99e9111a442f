/**
 * A single line of typed text without control characters (C0, DEL and C1): they are never meant,
 * they break what is shown, and PostgreSQL refuses NUL outright.
 */
export function withoutControlCharacters(value: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
}

/**
 * Invisible format characters (Unicode's category Cf): bidirectional embeddings, overrides and
 * isolates (U+202A to U+202E, U+2066 to U+2069) and marks, zero-width spaces and joiners (U+200B
 * to U+200D), the word joiner and invisible operators (U+2060 to U+2064), the byte order mark
 * (U+FEFF), the soft hyphen (U+00AD), tag characters and the like.
 */
const HIDDEN_FORMATTING = /\p{Cf}/u;

/**
 * Whether typed text holds invisible formatting characters. They show as nothing, yet they can
 * make a stored value display as another (an override reverses what follows it) or make two
 * different values look the same, so the lead desk would show one thing and hold another. The
 * forms refuse such text with a message rather than strip it silently: what is saved is then
 * exactly what the visitor saw. (Scripts that need a joiner, such as Persian names with U+200C,
 * are refused too; the site serves US businesses and their English-language records.)
 */
export function hasHiddenFormatting(value: string): boolean {
  return HIDDEN_FORMATTING.test(value);
}

/**
 * Text without its invisible formatting characters, for what nobody typed on the site's forms and
 * cannot be asked again: an uploaded file's name, whose right-to-left override would show
 * "invoice\u202Egpj.pdf" as "invoicefdp.jpg".
 */
export function withoutHiddenFormatting(value: string): string {
  return value.replace(new RegExp(HIDDEN_FORMATTING.source, "gu"), "");
}

/** The first `max` characters of `value`, counted as code points (a pair of surrogates is one). */
export function firstCharacters(value: string, max: number): string {
  return Array.from(value).slice(0, max).join("");
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
