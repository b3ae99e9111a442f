import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { isLinkToken } from "#app/domain/values/link-tokens.ts";
import { hashOfToken, newSecretToken } from "#app/server/http/secret-tokens.server.ts";

describe("the site's secret tokens", () => {
  it("are 43 base64url characters, new each time, and only such texts pass as one", () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newSecretToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(isLinkToken(token)).toBe(true);
    expect(isLinkToken("a".repeat(42))).toBe(false);
    expect(isLinkToken("a".repeat(44))).toBe(false);
    expect(isLinkToken(`${"a".repeat(42)}/`)).toBe(false);
    expect(isLinkToken(`${"a".repeat(42)}=`)).toBe(false);
  });

  it("are kept as their SHA-256 in hex, never as themselves", () => {
    const token = newSecretToken();
    expect(hashOfToken(token)).toBe(createHash("sha256").update(token).digest("hex"));
    expect(hashOfToken(token)).not.toContain(token);
  });
});
