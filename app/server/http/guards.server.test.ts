import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import express from "express";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import type { RouteConfigEntry } from "@react-router/dev/routes";

import routes from "#app/routes.ts";
import { MAX_UPLOAD_BODY_BYTES } from "#app/domain/quote/request-documents.ts";
import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import {
  clientAddressContext,
  guardPosts,
  isSameSite,
  MAX_BODY_BYTES,
  refuseCrossSitePosts,
  refuseOtherMethods,
} from "#app/server/http/guards.server.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { servicesContext } from "#app/server/services.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { HONEYPOT_FIELD } from "#app/domain/site/honeypot.ts";

const env = parseEnv({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-guards-")),
  SITE_URL: "https://coverpilot.example",
  RATE_LIMIT_PER_MINUTE: "2",
});
// The guards read only the database's kind (PGlite: the rate limit is counted in memory).
const services = createServices(env, { kind: "pglite" } as Database);

function post(
  body: string,
  headers: Record<string, string> = {},
  address = "203.0.113.1",
  url = "https://coverpilot.example/business-wizard/email",
) {
  const request = new Request(url, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(new TextEncoder().encode(body).length),
      ...headers,
    },
  });
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(clientAddressContext, address);
  return { request, context, params: {}, url: new URL(url), pattern: "" };
}

async function outcome(args: ReturnType<typeof post>) {
  try {
    return await guardPosts(args as never, async () => new Response("passed"));
  } catch (thrown) {
    return thrown;
  }
}

/** "passed", or the status of what the guard threw: a Response or `data(…, { status })`. */
async function statusOf(args: ReturnType<typeof post>) {
  const result = await outcome(args);
  if (result instanceof Response) return result.status === 200 ? "passed" : result.status;
  if (typeof result === "object" && result !== null && "init" in result) {
    return (result as { init: ResponseInit }).init.status;
  }
  throw result;
}

describe("isSameSite", () => {
  const request = (headers: Record<string, string>) =>
    new Request("http://localhost:3000/x", { method: "POST", headers });
  it("takes the site's own origin, by the request's host or SITE_URL's", () => {
    expect(
      isSameSite(request({ Origin: "http://localhost:3000" }), "https://coverpilot.example"),
    ).toBe(true);
    expect(
      isSameSite(request({ Origin: "https://coverpilot.example" }), "https://coverpilot.example"),
    ).toBe(true);
    expect(
      isSameSite(
        request({ Referer: "http://localhost:3000/business-wizard" }),
        "https://x.example",
      ),
    ).toBe(true);
    expect(isSameSite(request({}), "https://coverpilot.example")).toBe(true);
  });
  it("refuses other sites, and the opaque origin", () => {
    expect(
      isSameSite(request({ Origin: "https://evil.example" }), "https://coverpilot.example"),
    ).toBe(false);
    expect(isSameSite(request({ Origin: "null" }), "https://coverpilot.example")).toBe(false);
    expect(
      isSameSite(request({ Referer: "https://evil.example/page" }), "https://coverpilot.example"),
    ).toBe(false);
    expect(
      isSameSite(request({ Origin: "http://localhost:3001" }), "https://coverpilot.example"),
    ).toBe(false);
  });
});

describe("guardPosts", () => {
  it("lets a form from the site through", async () => {
    expect(
      await statusOf(
        post("email=a%40b.co", { Origin: "https://coverpilot.example" }, "198.51.100.1"),
      ),
    ).toBe("passed");
  });

  it("refuses a body over 64 KB with 413, before reading it", async () => {
    const big = `email=${"a".repeat(MAX_BODY_BYTES)}`;
    expect(await statusOf(post(big, {}, "198.51.100.3"))).toBe(413);
    expect(await statusOf(post("x=1", { "Content-Length": "70000" }, "198.51.100.3"))).toBe(413);
  });

  it("lets a file's form past 64 KB through only on a page that takes files, up to one document", async () => {
    const multipart = (length: number, url: string) =>
      post(
        "--b\r\n",
        { "Content-Type": "multipart/form-data; boundary=b", "Content-Length": String(length) },
        "198.51.100.7",
        url,
      );
    const quotes = "https://coverpilot.example/business-wizard/quotes";
    expect(await statusOf(multipart(MAX_UPLOAD_BODY_BYTES, quotes))).toBe("passed");
    expect(await statusOf(multipart(MAX_UPLOAD_BODY_BYTES + 1, quotes))).toBe(413);
    expect(
      await statusOf(multipart(70_000, "https://coverpilot.example/business-wizard/email")),
    ).toBe(413);
    // A form without a file on the same page keeps the form's limit.
    expect(await statusOf(post("x=1", { "Content-Length": "70000" }, "198.51.100.7", quotes))).toBe(
      413,
    );
  });

  it("lets a document through on every address of the route table whose page takes files", async () => {
    // The modules whose forms send a file (encType multipart): the visitor's documents, and the
    // desk's insurer quotes, bound policy, policy documents and certificates.
    const uploadModules = ["routes/wizard/quotes.tsx", "routes/admin/submission-quotes.tsx"];
    const addresses = routePaths(routes)
      .filter((entry) => uploadModules.includes(entry.file))
      .map((entry) => entry.path.replace(/:[a-zA-Z]+/g, "0b6f8f1e-7a51-4d4e-9c2b-1f9a0c7d3e21"));
    expect(addresses).toEqual([
      "/business-wizard/quotes",
      "/es/business-wizard/quotes",
      "/admin/submissions/0b6f8f1e-7a51-4d4e-9c2b-1f9a0c7d3e21/quotes",
    ]);
    for (const [index, address] of addresses.entries()) {
      const document = post(
        "--b\r\n",
        // A 100 KB document's post: past a form's 64 KB.
        { "Content-Type": "multipart/form-data; boundary=b", "Content-Length": "102400" },
        `198.51.100.${20 + index}`,
        `https://coverpilot.example${address}`,
      );
      expect(await statusOf(document), address).toBe("passed");
    }
  });

  it("refuses what is not a form", async () => {
    expect(await statusOf(post("{}", { "Content-Type": "application/json" }, "198.51.100.4"))).toBe(
      415,
    );
  });

  it("refuses with 400 a form whose field names would build more than any form needs", async () => {
    const bodies = [
      "anything%5B123456789%5D=x",
      "a.b.c=x",
      "__state__=%7B%7D",
      "__intent__=not-json",
      "segments=x&".repeat(101),
    ];
    for (const [i, body] of bodies.entries()) {
      expect(await statusOf(post(body, {}, `198.51.100.${10 + i}`)), body).toBe(400);
    }
    const retail = "segments=x&".repeat(42) + "intent=continue";
    expect(await statusOf(post(retail, {}, "198.51.100.20"))).toBe("passed");
    // Conform checks a field on the server as the visitor leaves it.
    const validate = new URLSearchParams({
      email: "a@b.co",
      __intent__: JSON.stringify({ type: "validate", payload: { name: "email" } }),
    });
    expect(await statusOf(post(validate.toString(), {}, "198.51.100.21"))).toBe("passed");
  });

  it("drops a post whose honeypot is filled: home, nothing reaches the action", async () => {
    const result = await outcome(
      post(`email=a%40b.co&${HONEYPOT_FIELD}=http%3A%2F%2Fspam`, {}, "198.51.100.5"),
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/");
    expect(await statusOf(post(`email=a%40b.co&${HONEYPOT_FIELD}=`, {}, "198.51.100.5"))).toBe(
      "passed",
    );
  });

  it("allows RATE_LIMIT_PER_MINUTE posts a minute per address, then 429 with Retry-After", async () => {
    expect(await statusOf(post("a=1", {}, "192.0.2.50"))).toBe("passed");
    expect(await statusOf(post("a=1", {}, "192.0.2.50"))).toBe("passed");
    const refused = (await outcome(post("a=1", {}, "192.0.2.50"))) as { init: ResponseInit };
    expect(refused.init.status).toBe(429);
    expect(new Headers(refused.init.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(await statusOf(post("a=1", {}, "192.0.2.51"))).toBe("passed");
  });

  it("never guards reading", async () => {
    const request = new Request("https://coverpilot.example/", {
      headers: { Origin: "https://evil.example" },
    });
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const result = await guardPosts(
      { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
      async () => new Response("ok"),
    );
    expect(result).toBeInstanceOf(Response);
  });
});

describe("the refusals answered before the app", () => {
  /** The language of the page each guard answers at `path`, for a site speaking `languages`. */
  async function refusalLanguages(languages: readonly Locale[], path: string) {
    const app = express();
    app.use(refuseOtherMethods(languages));
    app.use(refuseCrossSitePosts("https://coverpilot.example", languages));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    // Listening on a TCP port: its address is an AddressInfo, not a pipe's name.
    const { port } = server.address() as AddressInfo;
    try {
      const url = `http://127.0.0.1:${port}${path}`;
      const method = await fetch(url, { method: "PUT" });
      const crossSite = await fetch(url, {
        method: "POST",
        headers: { Origin: "https://elsewhere.example" },
      });
      expect([method.status, crossSite.status]).toEqual([405, 403]);
      const lang = async (answer: Response) => /<html lang="(\w+)"/.exec(await answer.text())?.[1];
      return [await lang(method), await lang(crossSite)];
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("are in Spanish at a Spanish address only while the site speaks Spanish", async () => {
    expect(await refusalLanguages(["en", "es"], "/es/about")).toEqual(["es", "es"]);
    expect(await refusalLanguages(["en"], "/es/about")).toEqual(["en", "en"]);
    expect(await refusalLanguages(["en", "es"], "/about")).toEqual(["en", "en"]);
  });
});

/** Every route of a route table, with its full path and its module. */
function routePaths(
  entries: readonly RouteConfigEntry[],
  prefix = "",
): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    return [
      ...(entry.children ? [] : [{ path: full === "" ? "/" : full, file: entry.file }]),
      ...routePaths(entry.children ?? [], full),
    ];
  });
}
