import { createContext, type RouterContextProvider } from "react-router";

import type { Database } from "./db/database.server.ts";
import type { Env } from "./env.server.ts";

/** What loaders and actions need from the running server. */
export interface AppServices {
  env: Env;
  database: Database;
}

export const servicesContext = createContext<AppServices>();

/** The running server's services, from a loader's or action's context. */
export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}
