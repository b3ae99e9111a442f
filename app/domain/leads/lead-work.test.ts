import { describe, expect, it } from "vitest";

import { DESK_MENU } from "#app/components/admin/admin-ui.tsx";
import { parseForm } from "#app/domain/values/form-submission.ts";

import {
  QUEUE_VIEWS,
  activityFormSchema,
  nextActionFormSchema,
  queueView,
  responseState,
  waitedText,
} from "./lead-work.ts";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const requestedAt = new Date("2026-11-26T14:00:00Z");
const hoursLater = (hours: number) => new Date(requestedAt.getTime() + hours * 3_600_000);

describe("working leads", () => {
  it("tracks the promised response only when the agency promises one", () => {
    const waiting = { createdAt: requestedAt, status: "new", reachedAt: null };
    expect(responseState(waiting, undefined, hoursLater(100))).toEqual({ kind: "none" });
    expect(responseState(waiting, 4, hoursLater(3))).toEqual({
      kind: "waiting",
      dueAt: hoursLater(4),
    });
    expect(responseState(waiting, 4, hoursLater(5))).toEqual({
      kind: "missed",
      dueAt: hoursLater(4),
    });
    // A call since the request answers it; one before it does not.
    expect(responseState({ ...waiting, reachedAt: hoursLater(1) }, 4, hoursLater(5))).toEqual({
      kind: "answered",
    });
    expect(responseState({ ...waiting, reachedAt: hoursLater(-1) }, 4, hoursLater(5)).kind).toBe(
      "missed",
    );
    expect(responseState({ ...waiting, status: "contacted" }, 4, hoursLater(5)).kind).toBe(
      "answered",
    );
  });

  it("says how long a lead has waited as an operator would", () => {
    expect(waitedText(requestedAt, hoursLater(0.5))).toBe("30 min");
    expect(waitedText(requestedAt, hoursLater(3))).toBe("3 h");
    expect(waitedText(requestedAt, hoursLater(72))).toBe("3 days");
    expect(waitedText(requestedAt, hoursLater(-1))).toBe("0 min");
  });

  it("reads the queue's view from a link, the first one for anything else", () => {
    expect(queueView("overdue")).toBe("overdue");
    expect(queueView("../etc")).toBe("new-requests");
    expect(queueView(null)).toBe("new-requests");
    // A link saved before the view was renamed (decision 066) still opens it.
    expect(queueView("needs-action")).toBe("new-requests");
  });

  it("needs the text of a note, not of a call", () => {
    expect(parseForm(form({ kind: "call" }), activityFormSchema)).toMatchObject({
      status: "success",
      value: { kind: "call", body: "" },
    });
    expect(parseForm(form({ kind: "note", body: "  " }), activityFormSchema)).toMatchObject({
      error: { body: ["Write the note"] },
    });
    expect(parseForm(form({ kind: "status", body: "x" }), activityFormSchema)).toMatchObject({
      error: { kind: ["Choose what you are logging"] },
    });
    expect(
      parseForm(form({ kind: "note", body: "x".repeat(2001) }), activityFormSchema),
    ).toMatchObject({ error: { body: ["Keep it to 2000 characters or fewer"] } });
  });

  it("needs a next action's words and a real day", () => {
    expect(
      parseForm(form({ action: " Call back ", due: "2026-11-26" }), nextActionFormSchema),
    ).toMatchObject({ status: "success", value: { action: "Call back", due: "2026-11-26" } });
    expect(parseForm(form({ action: "", due: "2026-02-30" }), nextActionFormSchema)).toMatchObject({
      error: { action: ["Say what is to be done next"], due: ["Choose the day it is due"] },
    });
  });

  it("names no queue view as a page of the desk's menu: one name, one meaning (issue 56)", () => {
    const menu = DESK_MENU.map((entry) => entry.label.toLowerCase());
    const clashes = QUEUE_VIEWS.filter((view) => menu.includes(view.label.toLowerCase()));
    expect(clashes.map((view) => view.label)).toEqual([]);
  });
});
