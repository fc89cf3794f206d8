import { createContext } from "react-router";
import type { Runtime } from "~/services/runtime.server.ts";

/** The process-wide services: database, mail, jobs, configuration, logger. */
export const runtimeContext = createContext<Runtime>();

/** Facts about this one HTTP request, for logging, auditing and the CSP nonce. */
interface RequestInfo {
  requestId: string;
  ip: string | null;
  nonce: string;
}
export const requestContext = createContext<RequestInfo>();

/**
 * The signed-in user, their organisation and the actor domain functions take. Set by the area
 * middleware (app/middleware/session.server.ts); null on public pages.
 */
export const sessionContext = createContext<
  import("~/domain/accounts/load-session.server.ts").CurrentSession | null
>(null);
