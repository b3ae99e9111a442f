import { z } from "zod";

// Zod compiles its parsers with `new Function`, which the Content-Security-Policy forbids (and each
// attempt is reported as a violation): every schema of the site parses without it. Import `z` from
// here, never from "zod" directly.
z.config({ jitless: true });

export { z };
