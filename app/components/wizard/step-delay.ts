import { site } from "#app/domain/site/site.ts";

/**
 * Runs the server's action and the spec's pause between questionnaire steps side by side, so that
 * "Processing..." shows for at least that long (docs/product.md, "Numbers and limits"). A redirect or error from the server
 * comes through unchanged once the pause is over.
 */
export async function withStepDelay<T>(serverAction: () => Promise<T>): Promise<T> {
  const [result] = await Promise.allSettled([
    serverAction(),
    new Promise((resolve) => setTimeout(resolve, site.stepDelayMs)),
  ]);
  if (result.status === "rejected") throw result.reason;
  return result.value;
}
