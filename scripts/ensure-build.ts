import { ensureBuild } from "./lib/build.ts";

// `npm test`'s build step: builds only when the sources changed since the last build. A step of
// its own, so its output is marked in the run's log and its time is reported (scripts/test.ts).
await ensureBuild();
