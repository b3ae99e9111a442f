/**
 * Every cookie the site sets: the one list that the server's cookies take their names, paths and
 * lifetimes from, and that the cookie policy shows (decision 014). All are first-party, signed and
 * httpOnly (app/server/http/signed-cookies.server.ts); none tracks anyone.
 */

export interface SiteCookie {
  name: string;
  /** The paths it is sent to. */
  path: string;
  maxAgeSeconds: number;
  /** Who gets it, for the cookie policy. */
  setFor: string;
  /** Why, for the cookie policy. */
  purpose: string;
}

const DAY = 24 * 60 * 60;

export const SITE_COOKIES = {
  wizard: {
    name: "cp_wizard",
    path: "/",
    maxAgeSeconds: 7 * DAY,
    setFor: "Everyone who starts a quote application",
    purpose:
      "Keeps your place in the application, so your answers are still there when you go back a step, reload the page or continue in another tab. Once you have applied, it lets this browser show your coverage plan and request quotes. It holds only a reference to your application, not your answers.",
  },
  funnel: {
    name: "cp_funnel",
    path: "/business-wizard",
    maxAgeSeconds: 7 * DAY,
    setFor: "Everyone who starts a quote application",
    purpose:
      "Remembers which steps of the application you have already reached, so our own count of how many people reach each step counts you once. It holds step names only, nothing about you.",
  },
  flash: {
    name: "cp_flash",
    path: "/",
    maxAgeSeconds: 60,
    setFor: "Everyone who starts a quote application",
    purpose:
      "Carries a message, such as “Information saved successfully!”, from one step to the next. It is removed as soon as the message is shown.",
  },
  admin: {
    name: "cp_admin",
    path: "/admin",
    maxAgeSeconds: DAY / 2,
    setFor: "Only our staff, when they sign in to the lead desk",
    purpose: "Keeps a member of staff signed in. Visitors never get it.",
  },
} as const satisfies Record<string, SiteCookie>;

/** A cookie's lifetime in words: "60 seconds", "12 hours", "7 days". */
export function describeLifetime(seconds: number): string {
  const [amount, unit] =
    seconds % DAY === 0
      ? [seconds / DAY, "day"]
      : seconds % 3600 === 0
        ? [seconds / 3600, "hour"]
        : seconds % 60 === 0 && seconds > 60
          ? [seconds / 60, "minute"]
          : [seconds, "second"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}
