import { spawnSync } from "node:child_process";
import fs from "node:fs";

// Browser tests drive Debian's Chromium; a downloaded browser cannot work on these machines.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium(): void {
  if (fs.existsSync(chromiumPath)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${chromiumPath}: install it with 'sudo apt-get install -y chromium' (Debian/Ubuntu) and run the tests again.`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium package for the browser tests (about a minute)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env,
  });
  if (update.status !== 0 || install.status !== 0 || !fs.existsSync(chromiumPath)) {
    console.error(
      "Installing chromium failed; install it with 'apt-get install -y chromium' and run the tests again.",
    );
    process.exit(1);
  }
}

if (import.meta.main) ensureChromium();
