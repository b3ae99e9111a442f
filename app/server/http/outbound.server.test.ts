import { describe, expect, it } from "vitest";

import { ANSWER_PREFIX_BYTES, readAnswerPrefix } from "#app/server/http/outbound.server.ts";

/**
 * An answer whose body is `chunks` chunks of `size` bytes, made only as they are read; notes how
 * many were pulled and whether the body was cancelled.
 */
function endlessAnswer(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled === chunks) return controller.close();
        seen.pulled++;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    // Pulls only on a read, so that `pulled` tells what the reader asked for.
    { highWaterMark: 0 },
  );
  return { response: new Response(body), seen };
}

describe("reading an outbound answer", () => {
  it("reads a short answer whole", async () => {
    const prefix = await readAnswerPrefix(new Response("ok"));
    expect(new TextDecoder().decode(prefix)).toBe("ok");
  });

  it("reads nothing of an answer without a body", async () => {
    expect(await readAnswerPrefix(new Response(null, { status: 204 }))).toHaveLength(0);
  });

  it("stops at the limit and cancels the rest of a long answer", async () => {
    const { response, seen } = endlessAnswer(1_000_000, 1000);
    const prefix = await readAnswerPrefix(response);
    expect(prefix).toHaveLength(ANSWER_PREFIX_BYTES);
    expect(seen.pulled).toBe(Math.ceil(ANSWER_PREFIX_BYTES / 1000));
    expect(seen.cancelled).toBe(true);
  });

  it("takes part of a chunk that crosses the limit", async () => {
    const { response, seen } = endlessAnswer(10, 64 * 1024);
    const prefix = await readAnswerPrefix(response, 100);
    expect(prefix).toHaveLength(100);
    expect(prefix.buffer.byteLength).toBe(100);
    expect(seen).toEqual({ pulled: 1, cancelled: true });
  });

  it("passes a failing body's own error on", async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull() {
        throw new Error("connection reset");
      },
    });
    // Not the error of cancelling a stream that has already failed.
    await expect(readAnswerPrefix(new Response(failing))).rejects.toThrow("connection reset");
  });
});
