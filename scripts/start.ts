import { ensureBuild } from "./lib/build.ts";

// `npm start`: build if the sources changed, then serve the production build (migrations run at start-up).
process.env.NODE_ENV ??= "production";
ensureBuild();
await import("../server/main.ts");
