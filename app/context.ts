import { createContext } from "react-router";
import type { Runtime } from "~/services/runtime.server.ts";

/** The process-wide services: database, mail, jobs, configuration, logger. */
export const runtimeContext = createContext<Runtime>();

/** Facts about this one HTTP request, for logging, auditing and the CSP nonce. */
export interface RequestInfo {
  requestId: string;
  ip: string | null;
  nonce: string;
}
export const requestContext = createContext<RequestInfo>();
