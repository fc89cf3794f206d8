import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { runtimeContext } from "~/context.ts";
import type { ApiScope } from "~/domain/api/api-scopes.ts";
import {
  type ApiKeyAuthentication,
  authenticateApiKey,
} from "~/domain/api/authenticate-api-key.server.ts";
import { recordApiCall } from "~/domain/api/record-api-call.server.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import { createScope, type Scope } from "~/domain/kernel/scope.ts";
import { problemOf, problemResponse } from "./problem.server.ts";
import { requestOriginOf } from "./scope.server.ts";

type Authenticated = Extract<ApiKeyAuthentication, { status: "ok" }>;

/** The key this API call was authenticated with, set by `apiKeyAuthentication`. */
const apiKeyContext = createContext<Authenticated | null>(null);

function bearerSecret(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer[ ]+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * The door of /api/v1 (docs/api.md): no session, no cookies, no form checks; the key in the
 * `Authorization` header is the caller. An unknown, expired or revoked key is a 401 problem, a
 * key over its rate limit a 429 with `Retry-After`; every authenticated call is audited under
 * the key's id with the status it was answered with. A refusal thrown by a route's domain call
 * becomes its problem here, so every route answers errors the same way.
 */
export const apiKeyAuthentication: MiddlewareFunction<Response> = async (
  { request, context, pattern },
  next,
) => {
  const runtime = context.get(runtimeContext);
  const door = createScope(
    runtime.database.db,
    { role: "system", name: "api-door" },
    requestOriginOf(context),
    runtime.adapters,
  );
  const authentication = await authenticateApiKey(door, bearerSecret(request));
  if (authentication.status === "unauthenticated")
    return problemResponse(401, "unauthenticated", authentication.message, {
      headers: { "WWW-Authenticate": 'Bearer realm="ReferOH API"' },
    });
  if (authentication.status === "rate_limited")
    return problemResponse(
      429,
      "rate_limited",
      "This API key has made too many calls. Try again after the time in Retry-After.",
      { headers: { "Retry-After": String(authentication.retryAfterSeconds) } },
    );
  context.set(apiKeyContext, authentication);
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    response = problemOf(error);
  }
  await recordApiCall(authentication.scope, {
    keyId: authentication.keyId,
    method: request.method,
    route: pattern,
    status: response.status,
  });
  return response;
};

/**
 * The organisation's scope for a call that needs `needed`: a key without that scope is refused
 * with a 403 problem naming it, before anything is read.
 */
export function apiScope(
  context: Readonly<RouterContextProvider>,
  needed: ApiScope,
): Scope<EmployerActor> {
  const authentication = context.get(apiKeyContext);
  if (!authentication) throw problemResponse(401, "unauthenticated");
  if (!authentication.scopes.includes(needed))
    throw problemResponse(
      403,
      "insufficient_scope",
      `This API key does not have the ${needed} scope.`,
      {
        requiredScope: needed,
      },
    );
  return authentication.scope;
}
