/**
 * A lead desk form that the server refused, as the page shows it again: what was typed, each
 * field's messages, and the problem above the form's button. `formId` names the form on the page
 * that it belongs to (a quote's id, "new", "bind", "ask", ...).
 */
export interface DeskFormReply {
  formId: string;
  typed: Record<string, unknown>;
  fields: Record<string, readonly string[] | null | undefined>;
  problem: string | undefined;
}
