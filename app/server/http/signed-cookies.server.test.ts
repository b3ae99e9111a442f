import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";

import { parseEnv } from "#app/server/env.server.ts";
import { siteCookie } from "#app/server/http/signed-cookies.server.ts";

const env = parseEnv({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-cookies-")),
  SITE_URL: "https://coverpilot.example",
  SESSION_SECRET: "a-session-secret-of-more-than-thirty-two-characters",
});

/** React Router's own signed cookie with the same name and secret: the format ours keeps. */
const theirs = createCookie("cp_test", { secrets: [env.SESSION_SECRET], path: "/" });
const ours = siteCookie(env, "cp_test", { maxAgeSeconds: 60 });

/** The Cookie header a browser sends back for a Set-Cookie value. */
function sentBack(setCookie: string): string {
  return setCookie.split(";")[0] ?? "";
}

const VALUES = [
  "0b0d3c1e-4f6a-4b7c-8d9e-0f1a2b3c4d5e",
  { __flash_toast__: { kind: "success", message: "Your progress has been saved." } },
  ["industry", "segments"],
  { note: 'Café ünïcode 日本 and a quote " and emoji 🚚' },
];

describe("siteCookie", () => {
  it.each(VALUES)("reads what React Router's signed cookie wrote (%j)", async (value) => {
    expect(await ours.parse(sentBack(await theirs.serialize(value)))).toEqual(value);
  });

  it.each(VALUES)("writes what React Router's signed cookie reads (%j)", async (value) => {
    expect(await theirs.parse(sentBack(await ours.serialize(value)))).toEqual(value);
  });

  it("sets the site's attributes: httpOnly, SameSite=Lax, Secure on https, its path and age", async () => {
    const setCookie = await siteCookie(env, "cp_admin", {
      maxAgeSeconds: 3600,
      path: "/admin",
    }).serialize("token");
    expect(setCookie).toMatch(
      /^cp_admin=[^;]+; Max-Age=3600; Path=\/admin; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it("refuses a value whose signature was changed, or made with another secret", async () => {
    const header = sentBack(await ours.serialize("0b0d3c1e-4f6a-4b7c-8d9e-0f1a2b3c4d5e"));
    const [name, signed = ""] = header.split("=");
    const dot = signed.lastIndexOf(".");
    const flipped =
      signed.slice(0, dot + 1) + (signed[dot + 1] === "A" ? "B" : "A") + signed.slice(dot + 2);
    expect(await ours.parse(`${name}=${flipped}`)).toBeNull();
    expect(await ours.parse(`${name}=${signed.slice(0, dot)}`)).toBeNull();
    expect(await ours.parse(`${name}=${signed}junk`)).toBeNull();
    const other = createCookie("cp_test", {
      secrets: ["another-secret-of-more-than-thirty-two-chars"],
    });
    expect(await ours.parse(sentBack(await other.serialize("x")))).toBeNull();
  });

  it("reads no cookie as null and an emptied one as an empty string", async () => {
    expect(await ours.parse(null)).toBeNull();
    expect(await ours.parse("other=1")).toBeNull();
    expect(await ours.parse(sentBack(await ours.serialize("")))).toBe("");
  });
});
