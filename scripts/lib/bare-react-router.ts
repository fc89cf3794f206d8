import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/*
 * A bare React Router server, for `npm run bench:api` to measure the product's start-up and
 * memory beside, and its signed-in pages against as the framework floor: one root, one page, a
 * /healthz resource route and a catch-all route the framework floor serves, built with the same React
 * Router and Vite as the product, served by @react-router/node's request listener on
 * node:http. Written and built in a temp folder (its node_modules a link to the project's), so
 * nothing of it lives in the product or its checks. What it does not do (sessions, a database,
 * the product's middleware) is what the product's start costs beyond React Router's own.
 */
const files: Record<string, string> = {
  // Its dependencies named as the product names them: React Router's build installs isbot itself
  // when the app's package.json does not list it, and that install replaced the node_modules link.
  "package.json": JSON.stringify({
    name: "bare-react-router",
    private: true,
    type: "module",
    dependencies: Object.fromEntries(
      ["isbot", "react", "react-dom", "react-router", "@react-router/node"].map((name) => [
        name,
        "*",
      ]),
    ),
    devDependencies: { "@react-router/dev": "*", vite: "*" },
  }),
  "react-router.config.ts": `export default { ssr: true };\n`,
  "vite.config.ts": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig({ plugins: [reactRouter()] });
`,
  "app/routes.ts": `import { index, route } from "@react-router/dev/routes";
export default [
  index("routes/home.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("*", "routes/floor.tsx"),
];
`,
  "app/root.tsx": `import { Links, Meta, Outlet, Scripts } from "react-router";
export default function Root() {
  return (
    <html lang="en">
      <head><meta charSet="utf-8" /><Meta /><Links /></head>
      <body><Outlet /><Scripts /></body>
    </html>
  );
}
`,
  "app/routes/home.tsx": `export function loader() { return { greeting: "Hello" }; }
export default function Home({ loaderData }: { loaderData: { greeting: string } }) {
  return <main><h1>{loaderData.greeting}</h1></main>;
}
`,
  "app/routes/healthz.ts": `export function loader() { return Response.json({ status: "ok" }); }
`,
  // The framework floor (scripts/lib/bench-floor.ts with FLOOR_REACT_ROUTER_BUILD): any other
  // address runs the product's statements for it in a loader and renders a page of its shape,
  // both handed in by the floor process. The start-up comparison never asks for it.
  "app/routes/floor.tsx": `import type { ReactNode } from "react";
interface BenchFloor {
  load(address: string): Promise<unknown[]>;
  body(address: string): ReactNode;
}
const floor = () => (globalThis as unknown as { benchFloor: BenchFloor }).benchFloor;
export async function loader({ request }: { request: Request }) {
  const url = new URL(request.url);
  const address = url.pathname + url.search;
  return { address, rows: await floor().load(address) };
}
export default function Floor({ loaderData }: { loaderData: { address: string } }) {
  return floor().body(loaderData.address);
}
`,
  "server.js": `import http from "node:http";
import { createRequestListener } from "@react-router/node";
const build = await import("./build/server/index.js");
const server = http.createServer(createRequestListener({ build, mode: "production" }));
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("bare listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`,
};

/** Writes and builds the bare app; returns its folder (serve it with `node server.js`). */
export function buildBareReactRouter(root: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-bare-react-router-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  try {
    execFileSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PATH: `${path.join(root, "node_modules/.bin")}:${process.env.PATH}` },
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}
