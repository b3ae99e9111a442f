import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mailboxOf } from "#app/domain/site/mailbox.ts";

/** Seven spellings of one Gmail inbox, as a visitor could type them to get past the cap. */
const ONE_GMAIL_INBOX = [
  "ana.ruiz@gmail.com",
  "anaruiz@gmail.com",
  "a.n.a.r.u.i.z@gmail.com",
  "Ana.Ruiz@Gmail.com",
  "anaruiz@googlemail.com",
  "ana.ruiz+quotes@googlemail.com",
  " a.naruiz+2@GMAIL.COM ",
];

describe("the mailbox an address reaches", () => {
  it("is one for every spelling of one Gmail inbox", () => {
    expect(new Set(ONE_GMAIL_INBOX.map(mailboxOf))).toEqual(new Set(["anaruiz@gmail.com"]));
  });

  it("ignores case and a +tag at any provider", () => {
    expect(mailboxOf("Owner@Example.COM")).toBe("owner@example.com");
    expect(mailboxOf("owner+quotes@example.com")).toBe("owner@example.com");
    expect(mailboxOf("Owner+A+B@Outlook.com")).toBe("owner@outlook.com");
  });

  it("keeps the dots of other providers, where they name other inboxes", () => {
    expect(mailboxOf("ana.ruiz@outlook.com")).toBe("ana.ruiz@outlook.com");
    expect(mailboxOf("ana.ruiz@outlook.com")).not.toBe(mailboxOf("anaruiz@outlook.com"));
    // Only gmail.com itself: a company's own domain that merely contains it is another provider.
    expect(mailboxOf("ana.ruiz@notgmail.com")).toBe("ana.ruiz@notgmail.com");
    expect(mailboxOf("ana.ruiz@mail.gmail.com.example")).toBe("ana.ruiz@mail.gmail.com.example");
  });

  it("drops a dot after the domain, the same host", () => {
    expect(mailboxOf("someone@gmail.com.")).toBe(mailboxOf("someone@gmail.com"));
    expect(mailboxOf("someone@example.com.")).toBe("someone@example.com");
  });

  it("keeps a local part that starts with + (no tag to drop) and a + in the domain", () => {
    expect(mailboxOf("+1555@example.com")).toBe("+1555@example.com");
    expect(mailboxOf("ana@ex+ample.com")).toBe("ana@ex+ample.com");
  });

  it("is its own mailbox: normalising twice changes nothing", () => {
    const address = fc
      .tuple(
        fc.stringMatching(/^[A-Za-z0-9.+_-]{1,20}$/),
        fc.constantFrom("gmail.com", "GoogleMail.com", "example.com", "Outlook.com."),
      )
      .map(([local, domain]) => `${local}@${domain}`);
    fc.assert(
      fc.property(address, (text) => {
        expect(mailboxOf(mailboxOf(text))).toBe(mailboxOf(text));
      }),
    );
  });
});
