import { spawnSync } from "node:child_process";
import fs from "node:fs";

// Browser tests drive Debian's Chromium (a downloaded browser cannot work on these machines), as
// its headless shell: the same Blink, V8 and network stack without the desktop browser around
// them, which is what Playwright itself runs headless. The full browser cost the suite about twice
// the CPU for the same pages (docs/perf-notes-test-suite.md). PDF tests read text back with
// poppler's pdftotext. Uploaded documents are scanned by ClamAV's daemon, which the integration
// tests start on their own with a one-signature database (tests/support/clamd-test-daemon.ts),
// never the system's daemon or its freshclam, which cannot reach ClamAV's mirror from CI.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
/** How the browser tests launch it: headless, quiet, and with nothing of its own on the network. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
export const clamdPath = "/usr/sbin/clamd";
const tools = [
  { path: chromiumPath, debianPackage: "chromium-headless-shell" },
  { path: "/usr/bin/pdftotext", debianPackage: "poppler-utils" },
  { path: clamdPath, debianPackage: "clamav-daemon" },
];

export function ensureTestTools(): void {
  const missing = tools.filter((tool) => !fs.existsSync(tool.path));
  if (missing.length === 0) return;
  const packages = missing.map((tool) => tool.debianPackage);
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !fs.existsSync("/usr/bin/apt-get")) {
    console.error(
      `Missing ${missing.map((t) => t.path).join(" and ")}: install with 'sudo apt-get install -y ${packages.join(" ")}' (Debian/Ubuntu) and run the tests again.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${packages.join(" and ")} for the tests (about a minute)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", ...packages], {
    stdio: "inherit",
    env,
  });
  if (
    update.status !== 0 ||
    install.status !== 0 ||
    missing.some((tool) => !fs.existsSync(tool.path))
  ) {
    console.error(
      `Installing ${packages.join(" ")} failed; install with 'apt-get install -y ${packages.join(" ")}' and run the tests again.`,
    );
    process.exit(1);
  }
}

if (import.meta.main) ensureTestTools();
