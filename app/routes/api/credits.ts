import { getCreditUsage } from "~/domain/billing/get-credit-usage.server.ts";
import { apiScope } from "~/middleware/api-key.server.ts";
import type { Route } from "./+types/credits";
import { CreditBalance } from "./contract.ts";
import { answering, jsonAnswer } from "./respond.server.ts";

/** GET /api/v1/credits: the credits the organisation can spend now. */
export function loader({ context }: Route.LoaderArgs) {
  return answering(async () => {
    const usage = await getCreditUsage(apiScope(context, "billing:read"));
    return jsonAnswer(CreditBalance, {
      balance: usage.remaining,
      granted: usage.total,
      used: usage.used,
    });
  });
}
