import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { precompressAssets } from "../../server/assets.ts";
import { compressionCacheDir, loadPrerenderedPages } from "../../server/prerendered.ts";

const root = path.resolve(import.meta.dirname, "../..");
const inputs = [
  "app",
  "server",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];
const stampFile = path.join(root, "build", ".source-hash");

function hashTree(hash: ReturnType<typeof createHash>, target: string) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target).sort()) {
      if (entry === "node_modules" || entry.endsWith(".test.ts") || entry.endsWith(".test.tsx"))
        continue;
      hashTree(hash, path.join(target, entry));
    }
    return;
  }
  hash.update(path.relative(root, target));
  hash.update(fs.readFileSync(target));
}

/** A hash of everything the production build is made from. */
function sourceHash(): string {
  const hash = createHash("sha256");
  for (const input of inputs) hashTree(hash, path.join(root, input));
  return hash.digest("hex");
}

/** Builds only when the sources changed since the last build, so `npm start` is fast the second time. */
export async function ensureBuild({ force = false } = {}): Promise<void> {
  const current = sourceHash();
  const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8") : "";
  if (!force && previous === current && fs.existsSync(path.join(root, "build/server/index.js")))
    return;
  console.log("Building the production bundle…");
  const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  await precompressPrerenderedPages();
  const clientAssets = path.join(root, "build", "client", "assets");
  const started = performance.now();
  const count = await precompressAssets(clientAssets);
  console.log(
    `Compressed ${count} assets in ${Math.round(performance.now() - started)} ms (brotli and gzip beside each)`,
  );
  fs.writeFileSync(stampFile, current);
}

/**
 * Writes the pre-rendered pages compressed (gzip and brotli) for the address and inbox the
 * server will have, so it starts without compressing them; one on another PUBLIC_URL or
 * SERVICE_INBOX compresses its own once (server/prerendered.ts). Both are worked out as
 * app/config.server.ts does, defaults included.
 */
async function precompressPrerenderedPages(): Promise<void> {
  const clientDir = path.join(root, "build", "client");
  const publicUrl = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`;
  const serviceInbox = process.env.SERVICE_INBOX || "hello@referoh.co.uk";
  const started = performance.now();
  const { pages, brotliReady } = loadPrerenderedPages(clientDir, { publicUrl, serviceInbox });
  await brotliReady;
  console.log(
    `Compressed ${pages.size} pre-rendered pages for ${publicUrl} in ${Math.round(performance.now() - started)} ms (${path.relative(root, compressionCacheDir(clientDir))}/)`,
  );
}
