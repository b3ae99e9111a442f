/**
 * Instants and days in a named IANA time zone (the agency's, AGENCY_TIME_ZONE): what "today" is at
 * the agency, and when one of its days starts. Pure; Intl knows the zones' rules, daylight saving
 * included.
 */
import { addDays } from "#app/domain/values/days.ts";

/** The zone the lead desk works in when the agency names none: the site's phone hours are Eastern. */
export const DEFAULT_TIME_ZONE = "America/New_York";

/** Whether `name` is a time zone this runtime knows ("America/Chicago", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes a date as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Per zone, the minute last asked for and its day: every zone's offsets are whole minutes. */
const lastMinutes = new Map<string, { minute: number; day: string }>();

/**
 * The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`. "Today", asked again within the
 * same minute (every request asks it), is not formatted again: Intl's formatting is some 25 µs.
 */
export function dayIn(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastMinutes.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = dayFormat(timeZone).format(instant);
  lastMinutes.set(timeZone, { minute, day });
  return day;
}

/**
 * The first instant of a day (YYYY-MM-DD) in `timeZone`: midnight there, or the first moment of the
 * day where a clock change skips midnight. Found by halving: every zone's offset is within 15 hours
 * of UTC, and the day an instant falls on never goes back by more than a clock change.
 */
export function dayStartIn(day: string, timeZone: string): Date {
  const midnightUtc = new Date(`${day}T00:00:00Z`).getTime();
  const minute = 60_000;
  // In whole minutes: every zone's offsets and clock changes are.
  let before = (midnightUtc - 15 * 3_600_000) / minute;
  let onOrAfter = (midnightUtc + 15 * 3_600_000) / minute;
  while (onOrAfter - before > 1) {
    const middle = Math.floor((before + onOrAfter) / 2);
    if (dayIn(new Date(middle * minute), timeZone) >= day) onOrAfter = middle;
    else before = middle;
  }
  return new Date(onOrAfter * minute);
}

/** The first instant after a day in `timeZone` (the next day's start). */
export function dayEndIn(day: string, timeZone: string): Date {
  return dayStartIn(addDays(day, 1), timeZone);
}

/** The zone's short name at an instant, as a clock there shows it: "EST", "EDT", "UTC", "GMT-3". */
export function zoneNameAt(instant: Date, timeZone: string): string {
  return (
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone
  );
}
