/**
 * A visitor's email, written once and rendered twice (decision 032): as plain text, and as simple
 * HTML with the same words, for the email's HTML alternative. The HTML has no images, no scripts,
 * no remote styles (inline ones only) and no tables: it reads the same with images blocked, in a
 * screen reader and in a client that strips styles. Every piece of text, whoever typed it, is
 * escaped (escapeHtml); a web address becomes a link only if it is http(s).
 */

import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";

/** One line of a paragraph: text, an item of a list, or a web address to show as a link. */
export type EmailLine = string | { readonly item: string } | { readonly link: string };

/** A paragraph: its lines, one under another (the items of a list together as one list). */
export type EmailParagraph = readonly EmailLine[];

/** What an email says. */
export interface EmailContent {
  subject: string;
  paragraphs: readonly EmailParagraph[];
  /** Lines at the foot, after the paragraphs (the agency's identity), smaller in the HTML. */
  footer: readonly string[];
}

/** An email ready for the outbox: its subject, its plain text and its HTML, with the same words. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text as HTML that shows exactly that text, in an element or in a quoted attribute: `&`, `<`,
 * `>`, `"` and `'` become character references. Every piece of text an email's HTML holds goes
 * through here (names, business names, addresses, links): none of it can open a tag or an
 * attribute.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** The greeting, in `locale`: by first name when there is one. */
export function greeting(
  firstName: string | null | undefined,
  locale: Locale = BASE_LOCALE,
): string {
  const name = firstName?.trim();
  return name ? m.email_greeting_name({ name }, { locale }) : m.email_greeting({}, { locale });
}

function lineText(line: EmailLine): string {
  if (typeof line === "string") return line;
  return "item" in line ? `- ${line.item}` : line.link;
}

/** The plain text: paragraphs apart by an empty line, list items as "- item", links as written. */
export function emailText(content: EmailContent): string {
  return [...content.paragraphs, content.footer]
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => paragraph.map(lineText).join("\n"))
    .join("\n\n");
}

const PARAGRAPH_STYLE = "margin:0 0 16px";
const LIST_STYLE = "margin:0 0 16px;padding-left:24px";
const LINK_STYLE = "color:#1d4ed8;text-decoration:underline;word-break:break-all";
const FOOTER_STYLE = "margin:24px 0 0;font-size:13px;color:#475569";
const BODY_STYLE =
  "margin:0;padding:24px 16px;background:#ffffff;color:#1e293b;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5";

function lineHtml(line: string | { readonly link: string }): string {
  if (typeof line === "string") return escapeHtml(line);
  const address = escapeHtml(line.link);
  // Only a web address becomes a link: a javascript: or data: one stays text.
  if (!/^https?:\/\//i.test(line.link)) return address;
  return `<a href="${address}" style="${LINK_STYLE}">${address}</a>`;
}

/** A paragraph as HTML: its lines in <p> with line breaks, its list items in a <ul>. */
function paragraphHtml(paragraph: EmailParagraph): string {
  const parts: string[] = [];
  let lines: string[] = [];
  let items: string[] = [];
  const flush = () => {
    if (lines.length > 0) parts.push(`<p style="${PARAGRAPH_STYLE}">${lines.join("<br>\n")}</p>`);
    if (items.length > 0) {
      parts.push(
        `<ul style="${LIST_STYLE}">\n${items.map((item) => `<li>${item}</li>`).join("\n")}\n</ul>`,
      );
    }
    lines = [];
    items = [];
  };
  for (const line of paragraph) {
    if (typeof line !== "string" && "item" in line) {
      if (lines.length > 0) flush();
      items.push(escapeHtml(line.item));
    } else {
      if (items.length > 0) flush();
      lines.push(lineHtml(line));
    }
  }
  flush();
  return parts.join("\n");
}

/** The HTML: a small document of paragraphs and lists, styled inline, in the text's words. */
export function emailHtml(content: EmailContent): string {
  const footer =
    content.footer.length > 0
      ? `<p style="${FOOTER_STYLE}">${content.footer.map(escapeHtml).join("<br>\n")}</p>`
      : "";
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title>`,
    "</head>",
    `<body style="${BODY_STYLE}">`,
    '<div style="max-width:600px;margin:0 auto">',
    ...content.paragraphs.filter((paragraph) => paragraph.length > 0).map(paragraphHtml),
    ...(footer ? [footer] : []),
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** The email as the outbox takes it: the subject, the text and the HTML. */
export function renderEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, text: emailText(content), html: emailHtml(content) };
}
