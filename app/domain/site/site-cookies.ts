/**
 * Every cookie the site sets: the one list that the server's cookies take their names, paths and
 * lifetimes from, and that the cookie policy shows (decision 014). All are first-party, signed and
 * httpOnly (app/server/http/signed-cookies.server.ts); none tracks anyone.
 */
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale, type Message } from "#app/domain/site/locales.ts";

export interface SiteCookie {
  name: string;
  /** The paths it is sent to. */
  path: string;
  maxAgeSeconds: number;
  /** Who gets it, for the cookie policy. */
  setFor: Message;
  /** Why, for the cookie policy. */
  purpose: Message;
}

const DAY = 24 * 60 * 60;

export const SITE_COOKIES = {
  wizard: {
    name: "cp_wizard",
    path: "/",
    maxAgeSeconds: 7 * DAY,
    setFor: m.cookie_for_applicants,
    purpose: m.cookie_wizard_purpose,
  },
  funnel: {
    name: "cp_funnel",
    path: "/business-wizard",
    maxAgeSeconds: 7 * DAY,
    setFor: m.cookie_for_applicants,
    purpose: m.cookie_funnel_purpose,
  },
  flash: {
    name: "cp_flash",
    path: "/",
    maxAgeSeconds: 60,
    setFor: m.cookie_for_applicants,
    purpose: m.cookie_flash_purpose,
  },
  admin: {
    name: "cp_admin",
    path: "/admin",
    maxAgeSeconds: DAY / 2,
    setFor: m.cookie_for_staff,
    purpose: m.cookie_admin_purpose,
  },
} as const satisfies Record<string, SiteCookie>;

/** Each unit of a lifetime, one and several, as its messages say it. */
const LIFETIME_UNITS = [
  { seconds: DAY, one: m.lifetime_day, several: m.lifetime_days },
  { seconds: 3600, one: m.lifetime_hour, several: m.lifetime_hours },
  { seconds: 60, one: m.lifetime_minute, several: m.lifetime_minutes },
] as const;

/** A cookie's lifetime in words: "60 seconds", "12 hours", "7 days" (in `locale`). */
export function describeLifetime(seconds: number, locale: Locale = BASE_LOCALE): string {
  // The largest unit that divides it, in minutes only from two minutes (60 s reads as seconds).
  const unit = LIFETIME_UNITS.find(
    (candidate) => seconds % candidate.seconds === 0 && (candidate.seconds !== 60 || seconds > 60),
  );
  const amount = unit ? seconds / unit.seconds : seconds;
  const message =
    amount === 1 ? (unit?.one ?? m.lifetime_second) : (unit?.several ?? m.lifetime_seconds);
  return message({ amount }, { locale });
}
