import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EMAIL_PATTERN } from "#app/domain/fields.ts";
import { z } from "#app/domain/zod.ts";

const postgresUrl = z
  .url({
    protocol: /^postgres(ql)?$/,
    error: "must be a postgres:// or postgresql:// URL",
  })
  .optional();

/** Every setting the server reads, with its default. `.env.example` documents each one. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: postgresUrl,
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SITE_URL: z
      .url({
        protocol: /^https?$/,
        error: "must be an http:// or https:// URL",
      })
      .optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
    TRUST_PROXY: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
      .optional(),
    MAIL_FROM: z.string().min(3).max(200).default("CoverPilot <no-reply@coverpilot.example>"),
    LEAD_NOTIFY_TO: z
      .string()
      .max(2000)
      .optional()
      .transform((list) =>
        (list ?? "")
          .split(",")
          .map((address) => address.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every((address) => EMAIL_PATTERN.test(address)), {
        error: "must be email addresses separated by commas",
      }),
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "is required when NODE_ENV=production and DATABASE_URL is set, so that every server signs cookies alike",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & {
  SITE_URL: string;
  SESSION_SECRET: string;
};

/** Thrown when the environment is not valid; its message lists every bad variable. */
export class InvalidEnvironmentError extends Error {
  override name = "InvalidEnvironmentError";
}

/**
 * Checks the environment against the schema. A missing SESSION_SECRET is generated once and kept in
 * DATA_DIR, so that restarts keep visitors' sessions.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `- ${issue.path.join(".")}: ${issue.message}`);
    throw new InvalidEnvironmentError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    SESSION_SECRET: env.SESSION_SECRET ?? readOrCreateSecret(env.DATA_DIR),
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}

let current: Env | undefined;

/** The process's settings, checked on first use (the server calls it once at start). */
export function getEnv(): Env {
  current ??= parseEnv(process.env);
  return current;
}
