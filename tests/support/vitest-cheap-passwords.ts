import { vi } from "vitest";

import { cheapPasswords } from "./cheap-passwords.ts";

// The shared project's files hash operators' passwords at a cheap cost (cheap-passwords.ts), all
// alike, so that they can share their worker's modules rather than each mock the module in a
// process of its own. passwords.server.test.ts reads the real module (vi.importActual) and tests
// production's cost.
vi.mock("#app/server/admin/passwords.server.ts", async (original) =>
  cheapPasswords(await original()),
);
