import { afterAll } from "vitest";

import { closeSharedTestDatabases } from "./databases.ts";

// Each test file shares one database of each kind among its tests (tests/support/databases.ts).
afterAll(closeSharedTestDatabases);
