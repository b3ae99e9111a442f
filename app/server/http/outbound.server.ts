/**
 * Rules for the server's own outbound HTTP requests (the leads' webhooks, and any later one): the
 * other side decides how long its answer is, so the server never reads a whole answer. It reads at
 * most a small prefix and drops the rest, so that a receiver answering with hundreds of megabytes
 * costs a few kilobytes of memory, not the answer's size.
 */

/** What the server reads of an answer at most: enough for a log line, never enough to matter. */
export const ANSWER_PREFIX_BYTES = 4 * 1024;

/**
 * Reads at most `maxBytes` of `response`'s body, then cancels the body, so that nothing more is
 * read (fetch closes the connection of an answer left unread; a short answer read to its end keeps
 * the connection for reuse). Rejects as the body's stream does (a reset, the request's abort
 * signal firing); the body is cancelled whatever happens.
 */
export async function readAnswerPrefix(
  response: Response,
  maxBytes: number = ANSWER_PREFIX_BYTES,
): Promise<Uint8Array> {
  const body = response.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const prefix = new Uint8Array(maxBytes);
  let length = 0;
  try {
    while (length < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      // Copied, so that the (possibly much larger) chunk is not kept alive by the prefix.
      const taken = value.subarray(0, maxBytes - length);
      prefix.set(taken, length);
      length += taken.byteLength;
    }
  } finally {
    // Drops whatever the other side still sends (a no-op when the body has ended). A failure to
    // cancel changes nothing for the caller: the prefix, or the read's own error, is the answer.
    await reader.cancel().catch(() => undefined);
  }
  return prefix.slice(0, length);
}
