/**
 * How the server finds a request's route (decision 081). React Router's default matcher tries the
 * route tree's branches one by one, each through a regular expression per level, and it runs two or
 * three times a request: some 50 µs a time for a wizard step among the site's hundred English and
 * Spanish routes, about a tenth of a save's CPU. The framework's own trie matcher (the route-pattern
 * library, behind `future.unstable_routePatternMatching`) finds the same route in some 13 µs.
 *
 * Framework mode has no setting for it: the flag goes on the server build that the request handler
 * is given, and stays out of what a page tells the browser's router (`forTheBrowser`), which keeps
 * the default matcher and ships no second one (the wizard's JavaScript budget).
 */
import type { EntryContext, ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/** The flag's name, as React Router reads it from a build's future flags. */
const TRIE_MATCHING = "unstable_routePatternMatching";

/** `build` with its requests matched by the trie matcher; loads that matcher once. */
export function withTrieMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  // The cast: framework mode types its builds' future flags as none at all (Record<string, never>),
  // though the request handler passes them on to the static handler, which reads this one.
  const future = { ...build.future, [TRIE_MATCHING]: true } as unknown as ServerBuild["future"];
  return { ...build, future };
}

/** What JSON may hold that a script element may not: as React Router writes its handoff. */
const SCRIPT_UNSAFE: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** `flags` less the server's matcher flag. */
function browserFlags<Flags extends object>(flags: Flags): Flags {
  // The cast: the same flags less one, which the framework's types do not name.
  return Object.fromEntries(
    Object.entries(flags).filter(([flag]) => flag !== TRIE_MATCHING),
  ) as Flags;
}

/**
 * A page's router context without the server's matcher flag, both where the server renders with it
 * and in the handoff the page's script gives the browser's router (`window.__reactRouterContext`):
 * the browser never loads that matcher.
 */
export function forTheBrowser(context: EntryContext): EntryContext {
  if (!(TRIE_MATCHING in context.future)) return context;
  // The cast: the handoff is React Router's JSON of its settings; only `future` is read here.
  const handoff = JSON.parse(context.serverHandoffString ?? "{}") as { future?: object };
  const serverHandoffString = JSON.stringify({
    ...handoff,
    ...(handoff.future ? { future: browserFlags(handoff.future) } : {}),
  }).replace(/[&><\u2028\u2029]/g, (character) => SCRIPT_UNSAFE[character] ?? character);
  return { ...context, future: browserFlags(context.future), serverHandoffString };
}
