import { ensureBuild } from "./lib/build.ts";

// `npm run build`: always builds, and leaves the stamp that lets `npm start` skip building again.
await ensureBuild({ force: true });
