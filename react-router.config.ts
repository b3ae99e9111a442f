import path from "node:path";

import type { Config } from "@react-router/dev/config";

import { siteLanguages } from "#app/domain/site/locales.ts";
import { prerenderedPaths } from "#app/domain/site/site-pages.ts";
import { parseSettings } from "#app/server/env.server.ts";
import { compressAssets, compressPages } from "./tools/compress-assets.ts";
import { inlineFirstPaint } from "./tools/inline-first-paint.ts";
import { writeRouteStyles } from "./tools/route-styles.ts";

export default {
  ssr: true,
  // The marketing pages are rendered once at build time, for the SITE_URL the build runs with;
  // server.ts serves those files when it runs with the same SITE_URL (decision 001).
  // So are the Spanish ones, when the build runs with SPANISH=true (decision 049).
  prerender: prerenderedPaths(siteLanguages(parseSettings(process.env).SPANISH)),
  // The prerendered pages carry the CSS their first paint needs and ask for the site script after
  // it (decision 025), and so do the wizard's pages the server renders (decision 053); hashed
  // assets are compressed once here, and served as they are (decision 010).
  async buildEnd({ reactRouterConfig }) {
    const client = path.join(reactRouterConfig.buildDirectory, "client");
    await inlineFirstPaint(client);
    await writeRouteStyles(reactRouterConfig.buildDirectory);
    compressAssets(path.join(client, "assets"));
    compressPages(client);
  },
} satisfies Config;
