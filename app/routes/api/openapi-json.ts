import { runtimeContext } from "~/context.ts";
import type { Route } from "./+types/openapi-json";
import { apiDocument } from "./contract.ts";

/**
 * GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the contract's schemas at
 * each start (cached here), public like any API's reference.
 */
let cached: { origin: string; body: string } | null = null;

export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(runtimeContext).adapters.publicUrl;
  if (cached?.origin !== origin)
    cached = { origin, body: JSON.stringify(apiDocument(`${origin.replace(/\/$/, "")}/api/v1`)) };
  return new Response(cached.body, {
    headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" },
  });
}
