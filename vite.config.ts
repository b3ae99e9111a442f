import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

import { WIZARD_STEP_ORDER } from "./app/domain/wizard/wizard-screens.ts";
import { messageImports } from "./tools/message-imports.ts";

/** The wizard's first step: where most visitors land, at /business-wizard. */
const FIRST_STEP = WIZARD_STEP_ORDER[0].id;

/**
 * The modules that make up the wizard's first screen, /business-wizard (where most visitors
 * land): React Router's client entry, the root route, the wizard's layout and its first step's
 * module (named by the step, as app/routes.ts names it).
 */
const FIRST_SCREEN = new RegExp(
  String.raw`[\\/]app[\\/](entry\.client|root|routes[\\/]wizard[\\/](layout|${FIRST_STEP}))\.tsx(\?|$)`,
);

/**
 * The first screen's scripts as two chunks, the libraries and the app's own code, instead of the
 * thirty or so that the automatic splitting makes of the modules shared between routes (issue 18).
 * Brotli compresses each file on its own, without what the others hold, so one file of the same
 * code comes out some 10 kB smaller than many. Later screens load these two chunks as well (they
 * need the same modules) and their own code as before; the routes' own modules stay entries.
 */
function firstScreenChunks(): Plugin {
  return {
    name: "coverpilot:first-screen-chunks",
    configEnvironment(name) {
      if (name !== "client") return;
      // Whether the first screen imports the module, directly or through others (static imports):
      // a search back through its importers. A module none of whose importers lead there is
      // remembered with every module the search passed (they lead nowhere either); one that does
      // is remembered alone. (Remembering "no" for a module whose search was still under way, at
      // an import cycle, would answer "no" for modules that do lead there.)
      const onFirstScreen = new Map<string, boolean>();
      const reached = (
        id: string,
        importersOf: (id: string) => readonly string[] | undefined,
      ): boolean => {
        const known = onFirstScreen.get(id);
        if (known !== undefined) return known;
        const seen = new Set([id]);
        const waiting = [id];
        for (let next = waiting.pop(); next !== undefined; next = waiting.pop()) {
          if (FIRST_SCREEN.test(next) || onFirstScreen.get(next) === true) {
            onFirstScreen.set(id, true);
            return true;
          }
          for (const importer of importersOf(next) ?? []) {
            if (seen.has(importer) || onFirstScreen.get(importer) === false) continue;
            seen.add(importer);
            waiting.push(importer);
          }
        }
        for (const module of seen) onFirstScreen.set(module, false);
        return false;
      };
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name(id, chunking) {
                      const info = chunking.getModuleInfo(id);
                      if (!info || info.isEntry) return null;
                      const importersOf = (of: string) => chunking.getModuleInfo(of)?.importers;
                      if (!reached(id, importersOf)) return null;
                      return /[\\/]node_modules[\\/]/.test(id) ? "framework" : "first-screen";
                    },
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  // The server bundle's entry exports the request handler and the database's
  // lifecycle, so that server.ts (the Node entry) can start and stop them.
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: "./app/server/app.server.ts" },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), messageImports(), firstScreenChunks()],
  // The public site's script (app/components/site/site-script.tsx) is built as a bundle of its own
  // through `?worker&url`; as an ES module it also runs as-is from the development server.
  worker: { format: "es" },
});
