import { describe, expect, it, vi } from "vitest";

import type * as Passwords from "#app/server/admin/passwords.server.ts";

// The module itself at production's cost: the other data-layer tests get a cheap one
// (tests/support/vitest-cheap-passwords.ts).
const { hashPassword, needsRehash, SCRYPT_PARAMETERS, verifyPassword } = await vi.importActual<
  typeof Passwords
>("#app/server/admin/passwords.server.ts");

describe("operator passwords", () => {
  it("are stored as scrypt hashes that verify the password and nothing else", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(stored).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
    expect(await verifyPassword("Correct horse battery staple", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("get a fresh salt each time, so equal passwords hash differently", async () => {
    const [first, second] = await Promise.all([
      hashPassword("same password"),
      hashPassword("same password"),
    ]);
    expect(first).not.toBe(second);
    expect(first.split("$")[4]).not.toBe(second.split("$")[4]);
    expect(await verifyPassword("same password", second)).toBe(true);
  });

  it("verify the same password however its characters were composed (NFC)", async () => {
    const stored = await hashPassword("caf\u00e9 au lait 2026");
    expect(await verifyPassword("cafe\u0301 au lait 2026", stored)).toBe(true);
  });

  it("never match a malformed or tampered hash", async () => {
    const stored = await hashPassword("a long enough password");
    const parts = stored.split("$");
    const key = Buffer.from(parts[5]!, "base64url");
    key[0] = key[0]! ^ 1;
    const tamperedKey = [...parts.slice(0, 5), key.toString("base64url")].join("$");
    for (const bad of [
      "",
      "plain text",
      "bcrypt$15$8$1$c2FsdA$a2V5",
      tamperedKey,
      [...parts.slice(0, 5), parts[5]!.slice(0, 20)].join("$"),
      ["scrypt", "40", "8", "1", parts[4], parts[5]].join("$"),
    ]) {
      expect(await verifyPassword("a long enough password", bad), bad).toBe(false);
    }
  });

  it("verify hashes made with other parameters, and say they need remaking", async () => {
    const stored = await hashPassword("upgrade me please");
    expect(needsRehash(stored)).toBe(false);
    // A hash made by an older, cheaper setting (N = 2^14): still valid, but to be replaced.
    const { scrypt } = await import("node:crypto");
    const salt = Buffer.from("0123456789abcdef");
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt("upgrade me please", salt, 64, { N: 2 ** 14, r: 8, p: 1 }, (error, derived) =>
        error ? reject(error) : resolve(derived),
      ),
    );
    const older = ["scrypt", 14, 8, 1, salt.toString("base64url"), key.toString("base64url")].join(
      "$",
    );
    expect(await verifyPassword("upgrade me please", older)).toBe(true);
    expect(needsRehash(older)).toBe(true);
    expect(SCRYPT_PARAMETERS.logN).toBeGreaterThan(14);
  });
});
