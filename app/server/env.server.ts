import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { parse as parseConnectionString } from "pg-connection-string";

import {
  parseAgencyLicenses,
  parseSocialLinks,
  stateCode,
  type AgencyLicense,
  type SocialLink,
} from "#app/domain/site/agency.ts";
import { isEmailAddress } from "#app/domain/values/fields.ts";
import { normalizeUsPhone } from "#app/domain/values/phone.ts";
import { DEFAULT_TIME_ZONE, isTimeZone } from "#app/domain/values/time-zones.ts";
import { RESUME_REMINDER_DELAY_MS } from "#app/domain/wizard/resume-links.ts";
import {
  DEFAULT_RENEWAL_WINDOWS,
  REMINDER_CHECK_INTERVAL_MS,
  renewalWindowsSchema,
} from "#app/domain/quote/renewals.ts";
import { z } from "#app/domain/values/zod.ts";
import { AGENCY_MAIL_LIMITS, type AgencyMailLimits } from "#app/domain/site/mailbox.ts";

/**
 * Whether `value` says where a PostgreSQL server is as the `pg` driver reads it (with
 * pg-connection-string, the parser it uses itself): a postgres:// or postgresql:// URL naming a
 * host, or a socket directory by `?host=` (postgres://user:password@/database?host=/run/postgresql,
 * which a URL parser refuses for its empty host).
 */
function isPostgresUrl(value: string): boolean {
  if (!/^postgres(ql)?:\/\//i.test(value)) return false;
  try {
    const { host } = parseConnectionString(value);
    return typeof host === "string" && host.length > 0;
  } catch {
    return false;
  }
}

const postgresUrl = z.optional(
  z.string().check(
    z.maxLength(2000),
    z.refine(isPostgresUrl, {
      error:
        "must be a postgres:// or postgresql:// URL naming a host (or a socket directory: ?host=/path)",
    }),
  ),
);

/** A whole number from `min` to `max`, written in the environment as text. */
function wholeNumber(min: number, max: number, fallback: number) {
  return z._default(
    z.pipe(z.coerce.number(), z.int().check(z.minimum(min), z.maximum(max))),
    fallback,
  );
}

/** A line of text naming the agency: one line, `max` characters at most. */
function agencyText(max: number) {
  return z.optional(
    z.string().check(
      z.trim(),
      z.minLength(1),
      z.maxLength(max),
      z.refine((text) => !/[\p{Cc}]/u.test(text), { error: "must be one line of text" }),
    ),
  );
}

/** One of the agency's phones: a US number with its area code, as it writes it for its pages. */
function agencyPhone() {
  return z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(40),
      z.refine((text) => normalizeUsPhone(text) !== null, {
        error: "must be a US phone number with its area code, e.g. (619) 555-0100",
      }),
    ),
  );
}

/**
 * Whether `url` names this machine (localhost, 127.0.0.0/8, ::1): a server only its own machine
 * reaches, where the sample agency and a webhook in clear hurt nobody.
 */
export function isLoopbackUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === "[::1]"
  );
}

/** A setting that is true or false, written true/false or 1/0. */
function flag(fallback: "true" | "false") {
  return z.pipe(
    z._default(z.enum(["true", "false", "1", "0"], { error: "must be true or false" }), fallback),
    z.transform((value) => value === "true" || value === "1"),
  );
}

/**
 * Every setting the server and the scripts read, with its default. `.env.example` documents each
 * one.
 */
const settingsSchema = z
  .object({
    NODE_ENV: z._default(z.enum(["development", "production", "test"]), "production"),
    PORT: wholeNumber(1, 65535, 3000),
    HOST: z._default(z.string().check(z.minLength(1)), "0.0.0.0"),
    DATA_DIR: z._default(z.string().check(z.minLength(1)), "./data"),
    DATABASE_URL: postgresUrl,
    DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(100, 60_000, 2_000),
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(100, 600_000, 3_000),
    SESSION_SECRET: z.optional(z.string().check(z.minLength(32, "must be at least 32 characters"))),
    SITE_URL: z.optional(
      z.url({
        protocol: /^https?$/,
        error: "must be an http:// or https:// URL",
      }),
    ),
    RATE_LIMIT_PER_MINUTE: wholeNumber(1, 1_000_000, 20),
    TRUST_PROXY: flag("false"),
    // The Spanish pages under /es (issue 31): on, the whole journey being Spanish (decision 050);
    // false for an agency that cannot answer customers in Spanish.
    SPANISH: flag("true"),
    SMTP_URL: z.optional(
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }),
    ),
    MAIL_FROM: z._default(
      z.string().check(z.minLength(3), z.maxLength(200)),
      "CoverPilot <no-reply@coverpilot.example>",
    ),
    LEAD_NOTIFY_TO: z.pipe(
      z.pipe(
        z.optional(z.string().check(z.maxLength(2000))),
        z.transform((list) =>
          (list ?? "")
            .split(",")
            .map((address) => address.trim())
            .filter(Boolean),
        ),
      ),
      z.array(z.string()).check(
        // The agency's own list; each entry must be one address by the forms' rule.
        z.refine((list) => list.every((address) => isEmailAddress(address)), {
          error: "must be email addresses separated by commas",
        }),
      ),
    ),
    LEAD_WEBHOOK_URL: z.pipe(
      z.pipe(
        z.optional(z.string().check(z.maxLength(2000))),
        z.transform((list) =>
          (list ?? "")
            .split(",")
            .map((url) => url.trim())
            .filter(Boolean),
        ),
      ),
      z.array(z.string()).check(
        z.maxLength(10, "takes at most 10 URLs"),
        // A lead record carries personal data: never posted in clear, but to this machine.
        z.refine(
          (list) =>
            list.every(
              (url) =>
                /^https?:\/\/[^\s]+$/.test(url) &&
                URL.canParse(url) &&
                (url.startsWith("https://") || isLoopbackUrl(url)),
            ),
          {
            error:
              "must be https:// URLs separated by commas (http:// only to this machine: localhost, 127.0.0.1, [::1]), so that no lead record is posted in clear",
          },
        ),
      ),
    ),
    LEAD_WEBHOOK_SECRET: z.optional(
      z.string().check(z.minLength(16, "must be at least 16 characters"), z.maxLength(500)),
    ),
    WEBHOOK_RETRY_BASE_MS: wholeNumber(10, 3_600_000, 30_000),
    MAIL_RETRY_BASE_MS: wholeNumber(10, 3_600_000, 30_000),
    MAIL_PER_RECIPIENT_PER_HOUR: wholeNumber(1, 1000, 3),
    // What the agency emails customers whose address is proven (decision 054): not capped per
    // inbox, bounded per operator and for the whole site, by the hour.
    MAIL_PER_OPERATOR_PER_HOUR: wholeNumber(1, 100_000, AGENCY_MAIL_LIMITS.perOperatorPerHour),
    MAIL_AGENCY_PER_HOUR: wholeNumber(1, 1_000_000, AGENCY_MAIL_LIMITS.perHour),
    // At most a day: the link it carries works for 7 (decision 032).
    RESUME_REMINDER_DELAY_MS: wholeNumber(0, 86_400_000, RESUME_REMINDER_DELAY_MS),
    // How often each server checks for renewal reminders due (decision 046): a day at most.
    REMINDER_CHECK_INTERVAL_MS: wholeNumber(100, 86_400_000, REMINDER_CHECK_INTERVAL_MS),
    // How many days before a policy's end its renewal opens and the agency is reminded (decision 073).
    RENEWAL_WINDOWS_DAYS: z._default(renewalWindowsSchema, () => [...DEFAULT_RENEWAL_WINDOWS]),
    AGENCY_NAME: agencyText(200),
    AGENCY_HOME_STATE: z.optional(
      z.pipe(
        z.string().check(z.maxLength(10)),
        z.transform((text, ctx): string => {
          const code = stateCode(text);
          if (code) return code;
          ctx.issues.push({
            code: "custom",
            message: "must be the two-letter code of one of the 50 states, e.g. CA",
            input: text,
          });
          return "";
        }),
      ),
    ),
    AGENCY_NPN: z.optional(z.string().check(z.regex(/^\d{1,10}$/, "must be 1 to 10 digits"))),
    AGENCY_LICENSES: z.optional(
      z.pipe(
        z.string().check(z.maxLength(2000)),
        z.transform((text, ctx): AgencyLicense[] => {
          const parsed = parseAgencyLicenses(text);
          if (parsed.ok) return parsed.licenses;
          ctx.issues.push({ code: "custom", message: parsed.error, input: text });
          return [];
        }),
      ),
    ),
    AGENCY_ADDRESS: agencyText(300),
    AGENCY_PHONE: agencyPhone(),
    // Where replies to the site's emails go (their Reply-To): one address by the forms' rule.
    AGENCY_EMAIL: z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(254),
        z.refine((text) => isEmailAddress(text), { error: "must be one email address" }),
      ),
    ),
    // Optional: a second line for existing customers, the hours the phones answer, social profiles.
    AGENCY_SERVICE_PHONE: agencyPhone(),
    AGENCY_HOURS: agencyText(120),
    AGENCY_SOCIAL_LINKS: z.optional(
      z.pipe(
        z.string().check(z.maxLength(2000)),
        z.transform((text, ctx): SocialLink[] => {
          const parsed = parseSocialLinks(text);
          if (parsed.ok) return parsed.links;
          ctx.issues.push({ code: "custom", message: parsed.error, input: text });
          return [];
        }),
      ),
    ),
    // A site that says plainly it is a demonstration: a public SITE_URL may then show the sample
    // agency (marked so on every page) instead of refusing to start.
    DEMO_SITE: flag("false"),
    // The lead desk's clock: its times, "today" and the received-on filters (issue 28).
    AGENCY_TIME_ZONE: z._default(
      z.string().check(
        z.refine(isTimeZone, {
          error: "must be an IANA time zone name, e.g. America/Chicago",
        }),
      ),
      DEFAULT_TIME_ZONE,
    ),
    // The agency's promise to call back, in hours; unset: the site promises no time (decision 038).
    AGENCY_RESPONSE_HOURS: z.optional(
      z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(168))),
    ),
    LOG_LEVEL: z._default(
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]),
      "info",
    ),
  })
  .check(
    z.superRefine((env, ctx) => {
      if (env.LEAD_WEBHOOK_URL.length > 0 && !env.LEAD_WEBHOOK_SECRET) {
        ctx.addIssue({
          code: "custom",
          path: ["LEAD_WEBHOOK_SECRET"],
          message: "is required when LEAD_WEBHOOK_URL is set, so that every post is signed",
        });
      }
    }),
  );

/**
 * The server's settings: those, and a SESSION_SECRET shared by every server on one PostgreSQL
 * database. Only the server signs (cookies), so only it asks for one: a script that signs
 * nothing (`npm run leads:export`) reads `settingsSchema` alone.
 */
const serverSettingsSchema = settingsSchema.check(
  z.superRefine((env, ctx) => {
    // Some of the agency's details set but not all: the site would fall back to the sample, open
    // every state and say no licensed agency runs it (an upgrade that missed AGENCY_HOME_STATE
    // would do so silently). A production server refuses to start instead.
    const unset = unsetAgencySettings(env);
    if (
      env.NODE_ENV === "production" &&
      unset.length > 0 &&
      unset.length < AGENCY_SETTINGS.length
    ) {
      for (const name of unset) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message:
            "is required with the other AGENCY_* settings (while any is unset the site shows sample details and takes applications from every state)",
        });
      }
    }
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "is required when NODE_ENV=production and DATABASE_URL is set, so that every server signs cookies alike",
      });
    }
  }),
);

/** The settings as the environment gives them, checked, before any default is worked out. */
export type Settings = z.infer<typeof settingsSchema>;

export type Env = Settings & {
  SITE_URL: string;
  SESSION_SECRET: string;
};

/** Thrown when the environment is not valid; its message lists every bad variable. */
export class InvalidEnvironmentError extends Error {
  override name = "InvalidEnvironmentError";
}

/** `source` checked against `schema`; an empty variable counts as unset. */
function checked(schema: typeof settingsSchema, source: Record<string, string | undefined>) {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = z.safeParse(schema, cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `- ${issue.path.join(".")}: ${issue.message}`);
    throw new InvalidEnvironmentError(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * Checks the environment against the schema, and nothing more: no file is read or written, and
 * nothing only the server needs is asked for (SESSION_SECRET). For the scripts that sign nothing:
 * the export, and a restore that must find DATA_DIR as it is (into an empty one).
 */
/** The names of every setting (README's table and `.env.example` document each one). */
export const SETTING_NAMES: readonly string[] = Object.keys(settingsSchema.shape);

export function parseSettings(source: Record<string, string | undefined>): Settings {
  return checked(settingsSchema, source);
}

/**
 * Checks the environment against the server's schema. A missing SESSION_SECRET is generated once
 * and kept in DATA_DIR, so that restarts keep visitors' sessions.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const env = checked(serverSettingsSchema, source);
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
  // Owner-only, like everything in DATA_DIR (data-dir.server.ts): the secret signs every cookie.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return secret;
}

/** The PostgreSQL timeouts the settings give (DATABASE_CONNECT_TIMEOUT_MS and the statement one). */
export function postgresTimeouts(env: Settings): { connectMs: number; statementMs: number } {
  return {
    connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  };
}

const AGENCY_SETTINGS = [
  "AGENCY_NAME",
  "AGENCY_HOME_STATE",
  "AGENCY_NPN",
  "AGENCY_LICENSES",
  "AGENCY_ADDRESS",
  "AGENCY_PHONE",
  "AGENCY_EMAIL",
] as const;

/** The agency settings still unset: while any is, the site shows the sample agency, marked so. */
export function unsetAgencySettings(env: Settings): string[] {
  return AGENCY_SETTINGS.filter((name) => env[name] === undefined);
}

/**
 * Refuses a server that the public would reach (a SITE_URL that is not this machine) while it
 * would show the sample agency: every state open under placeholder licences, and no agency
 * behind the site. Unless DEMO_SITE says plainly that it is a demonstration (each page then says
 * that no licensed agency runs the site, as on a developer's machine). The message names every
 * setting still to set.
 */
export function refuseUnfinishedPublicSite(env: Env): void {
  const unset = unsetAgencySettings(env);
  if (unset.length === 0 || env.DEMO_SITE || isLoopbackUrl(env.SITE_URL)) return;
  throw new InvalidEnvironmentError(
    [
      `Invalid environment: SITE_URL ${env.SITE_URL} is a public address, and the agency's details are not all set:`,
      ...unset.map((name) => `- ${name}: is required on a public site`),
      "Set them (README, Settings), or set DEMO_SITE=true for a demonstration that shows sample details, marked as samples on every page.",
    ].join("\n"),
  );
}

let current: Env | undefined;

/** The process's settings, checked on first use (the server calls it once at start). */
export function getEnv(): Env {
  current ??= parseEnv(process.env);
  return current;
}

/** The agency's hourly email limits (MAIL_PER_OPERATOR_PER_HOUR, MAIL_AGENCY_PER_HOUR; decision 054). */
export function agencyMailLimits(env: Env): AgencyMailLimits {
  return { perOperatorPerHour: env.MAIL_PER_OPERATOR_PER_HOUR, perHour: env.MAIL_AGENCY_PER_HOUR };
}
