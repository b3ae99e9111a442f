import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The modules that make up the wizard's first screen, /business-wizard (where most visitors
 * land): React Router's client entry, the root route, the wizard's layout and its start step.
 */
const FIRST_SCREEN =
  /[\\/]app[\\/](entry\.client|root|routes[\\/]wizard[\\/](layout|start))\.tsx(\?|$)/;

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
      // Whether the first screen imports the module, directly or through others (static imports).
      const onFirstScreen = new Map<string, boolean>();
      const reached = (
        id: string,
        importersOf: (id: string) => readonly string[] | undefined,
      ): boolean => {
        const known = onFirstScreen.get(id);
        if (known !== undefined) return known;
        onFirstScreen.set(id, false); // an import cycle leads nowhere new
        const result =
          FIRST_SCREEN.test(id) ||
          (importersOf(id) ?? []).some((importer) => reached(importer, importersOf));
        onFirstScreen.set(id, result);
        return result;
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
  plugins: [tailwindcss(), reactRouter(), firstScreenChunks()],
  // The public site's script (app/components/site/site-script.tsx) is built as a bundle of its own
  // through `?worker&url`; as an ES module it also runs as-is from the development server.
  worker: { format: "es" },
});
