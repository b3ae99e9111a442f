import { describe, expect, it } from "vitest";

import {
  emailHtml,
  emailText,
  escapeHtml,
  greeting,
  renderEmail,
  type EmailContent,
} from "#app/domain/site/email-content.ts";
import { wordsOfHtml, wordsOfText } from "#tests/support/email-words.ts";

const content: EmailContent = {
  subject: "Your <b>request</b> & more",
  paragraphs: [
    [greeting("Ana & <Bo>")],
    ["Lines:", { item: "Crime <Insurance>" }, { item: "Cyber" }, "After the list"],
    ["Your link:", { link: 'https://coverpilot.example/resume/a?b=1&c="2"' }],
    [{ link: "javascript:alert(1)" }],
  ],
  footer: ["Agency O'Neil & Sons", "(619) 555-0100"],
};

describe("escapeHtml", () => {
  it("turns every character that could open a tag or close an attribute into a reference", () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;",
    );
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
    expect(escapeHtml("plain words, 100% (ok)")).toBe("plain words, 100% (ok)");
  });
});

describe("greeting", () => {
  it("greets by first name, or without one", () => {
    expect(greeting("Rae")).toBe("Hello Rae,");
    expect(greeting("  Rae ")).toBe("Hello Rae,");
    expect(greeting(null)).toBe("Hello,");
    expect(greeting(" ")).toBe("Hello,");
  });
});

describe("an email's text and HTML", () => {
  it("writes the text with empty lines between paragraphs, items as dashes, the footer last", () => {
    expect(emailText(content)).toBe(
      [
        "Hello Ana & <Bo>,",
        "",
        "Lines:",
        "- Crime <Insurance>",
        "- Cyber",
        "After the list",
        "",
        "Your link:",
        'https://coverpilot.example/resume/a?b=1&c="2"',
        "",
        "javascript:alert(1)",
        "",
        "Agency O'Neil & Sons",
        "(619) 555-0100",
      ].join("\n"),
    );
  });

  it("writes HTML with every text escaped, lists as lists, and only web addresses as links", () => {
    const html = emailHtml(content);
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain("<title>Your &lt;b&gt;request&lt;/b&gt; &amp; more</title>");
    expect(html).toContain("Hello Ana &amp; &lt;Bo&gt;,");
    expect(html).toMatch(/<ul[^>]*>\n<li>Crime &lt;Insurance&gt;<\/li>\n<li>Cyber<\/li>\n<\/ul>/);
    expect(html).toContain(
      '<a href="https://coverpilot.example/resume/a?b=1&amp;c=&quot;2&quot;" style=',
    );
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("javascript:alert(1)");
    expect(html).toContain("Agency O&#39;Neil &amp; Sons<br>");
    // Nothing but the document's own tags: none opened by the text, no images, no scripts.
    const tags = [...html.matchAll(/<\/?([a-z!]+)/gi)].map((match) => match[1]!.toLowerCase());
    expect(new Set(tags)).toEqual(
      new Set([
        "!doctype",
        "html",
        "head",
        "meta",
        "title",
        "body",
        "div",
        "p",
        "br",
        "ul",
        "li",
        "a",
      ]),
    );
  });

  it("says the same words in both", () => {
    const rendered = renderEmail(content);
    expect(rendered.subject).toBe(content.subject);
    expect(wordsOfHtml(rendered.html)).toBe(wordsOfText(rendered.text));
  });
});
