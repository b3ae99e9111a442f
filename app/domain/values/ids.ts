/** Record ids: UUIDs, as the database makes them. Pure. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a text is a UUID (in either case): checked before a query, so that a guessed or mangled
 * id is answered as "none" without the database, which would refuse it with an error.
 */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
