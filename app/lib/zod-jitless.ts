import { z } from "zod";

/*
 * Zod compiles a faster parser with `new Function` unless told not to, and probes for that when it
 * builds its first object schema. The pages' Content-Security-Policy has no 'unsafe-eval', so the
 * browser reports even the caught probe as a violation. Form schemas run in the browser too
 * (docs/architecture.md §3, "Forms"), so their modules import this before building any schema.
 */
z.config({ jitless: true });
