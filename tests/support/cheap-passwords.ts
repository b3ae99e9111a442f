import type * as Passwords from "#app/server/admin/passwords.server.ts";

/** A scrypt cost a thousand times below production's: the same code, in about a millisecond. */
const CHEAP = { logN: 10, r: 8, p: 1 } as const;

/**
 * The password module for data-layer tests that sign operators in and out dozens of times:
 * hashes made (and the decoy verified) at a cheap cost. Verification reads each hash's own
 * parameters, so it runs as in production; passwords.server.test.ts tests production's cost.
 * Every file of Vitest's shared project gets it (vitest-cheap-passwords.ts).
 */
export function cheapPasswords(original: typeof Passwords): typeof Passwords {
  let decoy: Promise<string> | undefined;
  return {
    ...original,
    hashPassword: (password, parameters = CHEAP) => original.hashPassword(password, parameters),
    verifyDecoyPassword: async (password) => {
      decoy ??= original.hashPassword("decoy", CHEAP);
      await original.verifyPassword(password, await decoy);
    },
  };
}
