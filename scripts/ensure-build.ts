import { ensureBuild } from "./lib/build.ts";

// `npm test`'s build step: builds only when the sources changed since the last build (a step of
// its own, so the type check and knip run beside it).
await ensureBuild();
