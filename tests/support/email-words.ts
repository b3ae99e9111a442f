/** The words an email's HTML shows, as a reader sees them: no head, no tags, entities read. */
export function wordsOfHtml(html: string): string {
  return html
    .replace(/<head>[\s\S]*<\/head>/, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of an email's plain text, without its list items' dashes. */
export function wordsOfText(text: string): string {
  return text.replace(/^- /gm, "").replace(/\s+/g, " ").trim();
}
