import path from "node:path";

import { describe, expect, it } from "vitest";

import { E2E_TMPDIR, RUN_TMP_ROOT, VITEST_TMPDIR } from "./run-dirs.ts";

/** Linux's sun_path holds 108 bytes with its closing zero. */
const LONGEST_SOCKET_PATH = 107;

describe("the run's temporary folders (issue 57)", () => {
  it("do not grow with the checkout's path", () => {
    const checkout = path.resolve(".");
    for (const folder of [RUN_TMP_ROOT, E2E_TMPDIR, VITEST_TMPDIR]) {
      expect(folder.startsWith(checkout)).toBe(false);
    }
  });

  it("leave room for Chromium's singleton socket under the journeys' TMPDIR", () => {
    // Chromium makes its socket in a folder of TMPDIR named .org.chromium.Chromium.XXXXXX.
    const socket = path.join(E2E_TMPDIR, ".org.chromium.Chromium.XXXXXX", "SingletonSocket");
    expect(Buffer.byteLength(socket)).toBeLessThanOrEqual(LONGEST_SOCKET_PATH);
  });
});
