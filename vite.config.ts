import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
  plugins: [tailwindcss(), reactRouter()],
  // The public site's script (app/components/site/site-script.tsx) is built as a bundle of its own
  // through `?worker&url`; as an ES module it also runs as-is from the development server.
  worker: { format: "es" },
});
