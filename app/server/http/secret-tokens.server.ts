/**
 * Making the site's secret tokens (app/domain/values/link-tokens.ts) and what the database keeps
 * of them: their SHA-256, never the token, so that a copy of the database opens nothing.
 */
import { createHash, randomBytes } from "node:crypto";

/** A new token: 32 random bytes, base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored of a token: its SHA-256, in hex. */
export function hashOfToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
