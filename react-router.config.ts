import path from "node:path";

import type { Config } from "@react-router/dev/config";

import { MARKETING_PATHS } from "./app/domain/site-pages.ts";
import { compressAssets } from "./scripts/compress-assets.ts";

export default {
  ssr: true,
  // The marketing pages are rendered once at build time, for the SITE_URL the build runs with;
  // server.ts serves those files when it runs with the same SITE_URL (DESIGN decision 1).
  prerender: [...MARKETING_PATHS],
  // Hashed assets are compressed once here, and served as they are (decision 010).
  buildEnd({ reactRouterConfig }) {
    compressAssets(path.join(reactRouterConfig.buildDirectory, "client/assets"));
  },
} satisfies Config;
