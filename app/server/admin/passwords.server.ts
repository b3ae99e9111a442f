import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt's cost today: N = 2^15, r = 8, p = 1 (32 MiB and about a tenth of a second a hash). Each
 * hash records its own parameters, so raising these later still verifies older hashes, and
 * `needsRehash` tells when to store a stronger one.
 */
export const SCRYPT_PARAMETERS = { logN: 15, r: 8, p: 1 } as const;

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function derive(
  password: string,
  salt: Buffer,
  parameters: { logN: number; r: number; p: number },
): Promise<Buffer> {
  const N = 2 ** parameters.logN;
  const options: ScryptOptions = {
    N,
    r: parameters.r,
    p: parameters.p,
    // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is just short of that.
    maxmem: 256 * N * parameters.r,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * A password as stored: `scrypt$logN$r$p$salt$hash` (salt and hash in base64url), with a fresh
 * random salt, so that equal passwords hash differently. Today's parameters unless others are given
 * (the data-layer tests hash cheaply: tests/support/cheap-passwords.ts).
 */
export async function hashPassword(
  password: string,
  parameters: { logN: number; r: number; p: number } = SCRYPT_PARAMETERS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, parameters);
  const { logN, r, p } = parameters;
  return ["scrypt", logN, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const key = Buffer.from(parts[5] ?? "", "base64url");
  const sane = (value: number | undefined, max: number): value is number =>
    value !== undefined && Number.isInteger(value) && value >= 1 && value <= max;
  if (!sane(logN, 22) || !sane(r, 32) || !sane(p, 16) || salt.length < 8 || key.length < 32) {
    return undefined;
  }
  return { logN, r, p, salt, key };
}

/**
 * Whether `password` is the one `stored` was made from. The comparison takes the same time
 * wherever the two keys differ; a malformed hash never matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with weaker (or other) parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.logN !== SCRYPT_PARAMETERS.logN ||
    parsed.r !== SCRYPT_PARAMETERS.r ||
    parsed.p !== SCRYPT_PARAMETERS.p ||
    parsed.key.length !== KEY_LENGTH
  );
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of one verification for nothing: run for an email no operator has, so that
 * how long a refusal takes does not tell whether the account exists.
 */
export async function verifyDecoyPassword(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString("base64url"));
  await verifyPassword(password, await decoy);
}
