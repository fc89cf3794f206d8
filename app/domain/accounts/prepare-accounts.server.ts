import { pruneRateLimits } from "~/domain/kernel/rate-limit.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { issueFirstAdminSetupLink } from "./admin-setup.server.ts";
import type { AccountsDeps } from "./types.ts";

/**
 * At server start: drop rate-limit rows whose windows and locks have ended, and while no administrator exists
 * issue the one-time set-up link (24 hours) for the server to print.
 */
export async function prepareAccounts(deps: AccountsDeps): Promise<{ setupLink: string | null }> {
  await pruneRateLimits(systemScope(deps.database.db, "start-up", deps.adapters));
  return { setupLink: await issueFirstAdminSetupLink(deps) };
}

export function setupLinkMessage(link: string): string {
  return [
    "",
    "No administrator account exists yet. Open this one-time link to create the first one",
    "(valid for 24 hours; every server prints this same link at each start until it is used):",
    `  ${link}`,
    "",
  ].join("\n");
}
