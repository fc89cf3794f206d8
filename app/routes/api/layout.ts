import { apiKeyAuthentication } from "~/middleware/api-key.server.ts";
import type { Route } from "./+types/layout";

/** Every /api/v1 call but the OpenAPI document: an API key is the caller (docs/api.md). */
export const middleware: Route.MiddlewareFunction[] = [apiKeyAuthentication];
