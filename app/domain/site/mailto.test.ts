import { describe, expect, it } from "vitest";

import { mailtoUrl } from "#app/domain/site/mailto.ts";

/** The recipients and headers a mail program reads from a link (RFC 6068). */
function read(url: string) {
  const [to = "", query = ""] = url.replace(/^mailto:/, "").split("?");
  const headers = new Map<string, string>();
  for (const pair of query ? query.split("&") : []) {
    const [name = "", value = ""] = pair.split("=");
    headers.set(decodeURIComponent(name).toLowerCase(), decodeURIComponent(value));
  }
  return { to: decodeURIComponent(to), headers };
}

describe("mailto links", () => {
  it("write to the address as it is", () => {
    expect(mailtoUrl("ann@asker.example")).toBe("mailto:ann@asker.example");
    expect(read(mailtoUrl("o'brien+quotes@mail.example")!).to).toBe("o'brien+quotes@mail.example");
  });

  it("keep ?, & and = in an address as part of it: it cannot add cc, bcc or a body", () => {
    const url = mailtoUrl("ann?cc=boss&bcc=all&body=hi#x%41@asker.example")!;
    expect(url).toBe("mailto:ann%3Fcc%3Dboss%26bcc%3Dall%26body%3Dhi%23x%2541@asker.example");
    expect(read(url)).toEqual({
      to: "ann?cc=boss&bcc=all&body=hi#x%41@asker.example",
      headers: new Map(),
    });
    // Not one address by the forms' rule (two @), so no link at all.
    expect(mailtoUrl("a@b.c?cc=x@y.z")).toBeUndefined();
    const valid = mailtoUrl("ann?cc=boss@asker.example")!;
    expect(read(valid)).toEqual({ to: "ann?cc=boss@asker.example", headers: new Map() });
  });

  it("keep a subject and a body to themselves, whatever they hold", () => {
    const url = mailtoUrl("ann@asker.example", {
      subject: "Your quote & more&bcc=all@corp.example",
      body: "Hi Ann,\n100% covered? #1&cc=x@y.z",
    })!;
    expect(read(url)).toEqual({
      to: "ann@asker.example",
      headers: new Map([
        ["subject", "Your quote & more&bcc=all@corp.example"],
        ["body", "Hi Ann,\n100% covered? #1&cc=x@y.z"],
      ]),
    });
    expect(url).not.toMatch(/[?&](?:cc|bcc)=/i);
  });

  it("link no address that holds a list or a header", () => {
    for (const stored of [
      "a@b.example,c@d.example",
      "Ann <a@b.example>",
      "a@b.example\nBcc: c@d.e",
    ]) {
      expect(mailtoUrl(stored), stored).toBeUndefined();
    }
  });
});
