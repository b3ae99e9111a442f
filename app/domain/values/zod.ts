import * as z from "zod/mini";

// Every schema of the site is written with Zod Mini: its functions are imported one by one, so the
// browser downloads only those the wizard's schemas use (some 7 kB, against some 24 kB for Zod's
// classic API, whose methods each schema carries; decision 010). Zod compiles its parsers with
// `new Function`, which the Content-Security-Policy forbids (and each attempt is reported as a
// violation): every schema parses without it. Import `z` from here, never from "zod" directly.
z.config({ jitless: true });

export { z };
