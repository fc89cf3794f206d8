import { codesOf } from "~/lib/labelled-codes.ts";

/**
 * What an API key may do (docs/api.md): each endpoint of /api/v1 names the one scope it needs, and
 * a key holds the scopes its creator ticked. A key always acts for its organisation as a whole,
 * never as a member of its team (docs/architecture.md §3b, "API keys").
 */
export const apiScopeLabels = {
  "referrals:read": "Read referrals and their status history",
  "referrals:write": "Create, cancel and send reminders on referrals (spends credits)",
  "reports:read": "Read released reports (JSON and PDF)",
  "billing:read": "Read the credit balance",
};
export const apiScopes = codesOf(apiScopeLabels);
export type ApiScope = (typeof apiScopes)[number];
