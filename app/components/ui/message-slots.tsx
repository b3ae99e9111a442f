import { Fragment, type ReactNode } from "react";

/**
 * Where a message puts an element of the page (a link in the middle of a sentence): given to the
 * message as that input's value, then `withSlots` puts the element there. The word order is the
 * language's own, from its catalog.
 */
export function slot(name: string): string {
  return `\u{E000}${name}\u{E001}`;
}

/** The message's text with each slot it holds replaced by its element. */
export function withSlots(text: string, elements: Readonly<Record<string, ReactNode>>): ReactNode {
  const parts = text.split(/\u{E000}(\w+)\u{E001}/u);
  // split with a capture group: text, slot name, text, slot name, ..., text.
  return parts.map((part, index) =>
    index % 2 === 0 ? part : <Fragment key={index}>{elements[part] ?? null}</Fragment>,
  );
}
