import { sql } from "kysely";
import {
  createContext,
  type Cookie,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";

import { addDays, isDay, utcDay } from "#app/domain/values/days.ts";
import { FUNNEL_STEPS, isFunnelStep, type FunnelStep } from "#app/domain/leads/lead-desk.ts";
import { SITE_COOKIES } from "#app/domain/site/site-cookies.ts";
import { FUNNEL_STEP_RENAMES, type WizardStepId } from "#app/domain/wizard/wizard-screens.ts";

import { siteCookie } from "#app/server/http/signed-cookies.server.ts";
import type { Db } from "#app/server/db/database.server.ts";
import type { Env } from "#app/server/env.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices, type AppServices } from "#app/server/services.server.ts";
import type { FunnelTally } from "#app/server/wizard/funnel-tally.server.ts";

/**
 * The wizard's funnel, counted by the server alone: a visitor counts once per step of a journey
 * through the wizard, at every step up to the furthest they reached, and once more when they
 * complete; all on the day (UTC) the journey started, so that every day reads as a funnel (issue
 * 56, decision 066). Which steps a journey has counted, and its first day, are kept in a small
 * signed cookie (the step names and the day, nothing that names the visitor), so reloads, Back and
 * a second tab do not count twice, even on the first step, where no draft exists yet. Completing
 * clears it: the next application counts afresh.
 *
 * Counts are kept in memory and written every few seconds, one statement per day and step, and
 * when the server stops: no request writes to the database for the funnel, so a client that keeps
 * no cookie (every request of it a first visit) cannot turn its requests into writes.
 */

/** The counts of one day, for every step (0 where nobody came). */
export interface FunnelDay {
  day: string;
  visitors: Record<FunnelStep, number>;
}

/** The funnel over a range of days: each day, newest first, and the range's totals. */
export interface FunnelReport {
  from: string;
  to: string;
  days: FunnelDay[];
  totals: Record<FunnelStep, number>;
}

function zeros(): Record<FunnelStep, number> {
  return Object.fromEntries(FUNNEL_STEPS.map((step) => [step.id, 0])) as Record<FunnelStep, number>;
}

/** The longest range a report covers. */
export const MAX_FUNNEL_DAYS = 366;

/**
 * The funnel from day `from` to day `to` (YYYY-MM-DD, UTC, both included), with `tally` (this
 * process's counts) written first (another server's are at most FUNNEL_FLUSH_MS behind).
 */
export async function readFunnel(
  db: Db,
  from: string,
  to: string,
  tally?: FunnelTally,
): Promise<FunnelReport> {
  await tally?.flush();
  const rows = await db
    .selectFrom("wizard_funnel_daily")
    .select([sql<string>`day::text`.as("day"), "step", "visitors"])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
  const byDay = new Map<string, Record<FunnelStep, number>>();
  const totals = zeros();
  for (const row of rows) {
    if (!isFunnelStep(row.step)) continue;
    const counts = byDay.get(row.day) ?? zeros();
    counts[row.step] += row.visitors;
    totals[row.step] += row.visitors;
    byDay.set(row.day, counts);
  }
  const days: FunnelDay[] = [];
  for (let day = to; day >= from && days.length < MAX_FUNNEL_DAYS; day = addDays(day, -1)) {
    days.push({ day, visitors: byDay.get(day) ?? zeros() });
  }
  return { from, to, days, totals };
}

/**
 * A journey through the wizard as its cookie remembers it: the day (UTC) it started, on which all
 * its counts go, and the steps it has counted.
 */
interface Journey {
  since: string;
  steps: FunnelStep[];
}

/** What this request will tell the browser about its journey's counted steps. */
interface PendingMarks {
  request: Request;
  value?: Journey | "clear";
}

const pendingMarksContext = createContext<PendingMarks | null>(null);

/** The cookie of counted steps: signed, httpOnly, only sent to the wizard, as long-lived as a draft. */
function marksCookie(env: Env): Cookie {
  return siteCookie(env, SITE_COOKIES.funnel.name, {
    maxAgeSeconds: SITE_COOKIES.funnel.maxAgeSeconds,
    path: SITE_COOKIES.funnel.path,
  });
}

/** Old step names, as cookies set before migration 0021 hold them, and their names now. */
const RENAMED_STEPS = new Map<string, string>(Object.entries(FUNNEL_STEP_RENAMES));

/** The steps a cookie names, as named now (a cookie set before 0021 names them as they were). */
function namedSteps(value: unknown): FunnelStep[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((step: unknown) => {
    if (typeof step !== "string") return [];
    const named = RENAMED_STEPS.get(step) ?? step;
    return isFunnelStep(named) ? [named] : [];
  });
}

/** This request's journey: as counted earlier in the request, or as its cookie says. */
async function currentJourney(env: Env, pending: PendingMarks): Promise<Journey> {
  if (typeof pending.value === "object") return pending.value;
  const today = utcDay(new Date());
  const value: unknown = await marksCookie(env).parse(pending.request.headers.get("Cookie"));
  // A cookie set before issue 56 is the list of steps alone: its journey counts on from today.
  if (Array.isArray(value)) return { since: today, steps: namedSteps(value) };
  if (typeof value !== "object" || value === null) return { since: today, steps: [] };
  const since = "since" in value && typeof value.since === "string" ? value.since : "";
  return {
    since: isDay(since) && since <= today ? since : today,
    steps: namedSteps("steps" in value ? value.steps : undefined),
  };
}

/**
 * Counts the journey at `step` and at every stage before it that it has not counted yet (issue
 * 56): a visitor at a step has passed the ones before it, even one who came back by a link in
 * another browser, so each stage counts the visitors who reached at least it and the counts read
 * as a funnel. All go on the day the journey started, so that any day, and any range of days,
 * reads as one.
 */
function countThrough(services: AppServices, journey: Journey, step: FunnelStep): Journey {
  const through = FUNNEL_STEPS.findIndex((stage) => stage.id === step);
  const uncounted = FUNNEL_STEPS.slice(0, through + 1)
    .map((stage) => stage.id)
    .filter((stage) => !journey.steps.includes(stage));
  for (const stage of uncounted) services.funnel.add(stage, journey.since);
  return { since: journey.since, steps: [...journey.steps, ...uncounted] };
}

/** Crawlers and audit tools are no visitors. */
const ROBOT = /(?:bot|crawler|spider)(?:[-/ ;)]|$)|slurp|lighthouse/i;

/**
 * Counts the visitor at a wizard step, once per journey: call it in the step's loader once the
 * step is sure to show (after the redirect for missing earlier steps). Never throws and never holds
 * the page up: the count is kept in memory (FunnelTally), and a failure is logged with the step
 * name only.
 */
export async function countStepReached(
  context: Readonly<RouterContextProvider>,
  request: Request,
  step: WizardStepId,
): Promise<void> {
  try {
    if (request.method === "HEAD" || ROBOT.test(request.headers.get("User-Agent") ?? "")) return;
    const pending = context.get(pendingMarksContext);
    // Without the root's middleware there is no way to remember the count: better none than many.
    if (!pending) return;
    const services = getServices(context);
    const journey = await currentJourney(services.env, pending);
    if (journey.steps.includes(step)) return;
    pending.value = countThrough(services, journey, step);
  } catch (error) {
    logger.warn({ err: error, step }, "funnel step not counted");
  }
}

/**
 * Counts a completed application (call it once the final save has succeeded), with every stage
 * before it its journey has not counted, and starts the journey afresh. Never throws.
 */
export async function countApplicationCompleted(
  context: Readonly<RouterContextProvider>,
): Promise<void> {
  try {
    const services = getServices(context);
    const pending = context.get(pendingMarksContext);
    if (pending) {
      countThrough(services, await currentJourney(services.env, pending), "complete");
      pending.value = "clear";
    } else {
      services.funnel.add("complete");
    }
  } catch (error) {
    logger.warn({ err: error, step: "complete" }, "funnel step not counted");
  }
}

/**
 * On the wizard's layout route (only the wizard counts): lets its loaders and actions count steps,
 * then puts the updated cookie of counted steps on the response (a page, a redirect or a data
 * response alike).
 */
export const funnelMarks: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const pending: PendingMarks = { request };
  context.set(pendingMarksContext, pending);
  const response = await next();
  if (pending.value === undefined) return response;
  const cookie = marksCookie(getServices(context).env);
  const header =
    pending.value === "clear"
      ? await cookie.serialize("", { maxAge: 0 })
      : await cookie.serialize(pending.value);
  try {
    response.headers.append("Set-Cookie", header);
    return response;
  } catch {
    // A response with immutable headers: answer with a copy that carries the cookie.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", header);
    return copy;
  }
};
