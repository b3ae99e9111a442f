import { globSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The code's size limits (docs/architecture.md, issue 57): how long a route module may be, and how
 * many modules app/server keeps at its top, the rest in folders by what they serve.
 */

/** The most lines a route module may have: past it, its work goes to app/server and components. */
export const ROUTE_MODULE_MAX_LINES = 350;

/** The most modules app/server keeps at its top level (tests not counted). */
export const SERVER_TOP_MAX_MODULES = 6;

/** The most lines server.ts, the Node entry, may have: it composes, app/server does the work. */
export const SERVER_ENTRY_MAX_LINES = 120;

/** The one function server.ts may declare: loading the app (from the build, or through Vite). */
export const SERVER_ENTRY_FUNCTIONS = ["loadApp"];

/** The names of the functions a module declares at its top level (`function name`, arrows too). */
export function declaredFunctions(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const declared = text.matchAll(/^(?:export )?(?:async )?function\*? ?(\w+)/gm);
  const arrows = text.matchAll(/^(?:export )?const (\w+)\s*=\s*(?:async )?\([^)]*\)[^=]*=>/gm);
  return [...declared, ...arrows].map((match) => match[1] ?? "").sort();
}

/** A file's number of lines (a last line without its newline counts). */
export function lineCount(file: string): number {
  const text = readFileSync(file, "utf8");
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** The route modules under `routes` (relative to `root`) longer than `limit`, with their lengths. */
export function longRouteModules(root: string, routes: string, limit: number) {
  return globSync(`${routes}/**/*.{ts,tsx}`, { cwd: root })
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .map((file) => ({
      file: file.split(path.sep).join("/"),
      lines: lineCount(path.join(root, file)),
    }))
    .filter(({ lines }) => lines > limit)
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The modules at the top of `folder` (its files of code, not its tests nor its folders). */
export function topLevelModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** A route module that sets up its forms with conform's React hooks. */
const USES_CONFORM = /from "@conform-to\/react"/;
/** A route module's say on shipping React to the browser (RouteHandle, app/root.tsx). */
const HYDRATE = /^export const handle: RouteHandle = \{ hydrate: (true|false) \};$/m;

/**
 * The wizard's route modules under `routes` (relative to `root`) whose forms and React disagree
 * (decisions 077 and 078): a module that uses conform's hooks must say whether it hydrates (true:
 * its forms are checked as they are typed; false: by the server as they are sent), and one that
 * hydrates must have a form to check. Each with what it does.
 */
export function hydrationMismatches(root: string, routes: string) {
  return globSync(`${routes}/**/*.tsx`, { cwd: root })
    .filter((file) => !/\.test\.tsx$/.test(file))
    .map((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      const said = HYDRATE.exec(text)?.[1];
      return {
        file: file.split(path.sep).join("/"),
        usesConform: USES_CONFORM.test(text),
        hydrate: said === undefined ? undefined : said === "true",
      };
    })
    .filter(
      ({ usesConform, hydrate }) =>
        (usesConform && hydrate === undefined) || (!usesConform && hydrate === true),
    )
    .sort((a, b) => a.file.localeCompare(b.file));
}
