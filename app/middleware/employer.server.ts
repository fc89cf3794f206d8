import { createContext, data, type RouterContextProvider } from "react-router";
import { requestContext, runtimeContext } from "~/context.ts";
import { getCreditBalance } from "~/domain/billing/credit-ledger.server.ts";
import { type EmployerActor, ReferralError, type RequestOrigin } from "~/domain/referrals/actor.ts";
import { currentSession } from "./session.server.ts";

/** The signed-in employer as the referral and billing functions take them (inside the employer area). */
export function employerActor(context: Readonly<RouterContextProvider>): EmployerActor {
  const { user, organisation } = currentSession(context);
  if (!organisation) throw data("Not found", { status: 404 });
  return { userId: user.id, organisationId: organisation.id, organisationName: organisation.name };
}

/** This request's read of the organisation's credit balance, shared by the layout and the page. */
const creditsContext = createContext<Promise<number> | null>(null);

/**
 * The signed-in employer's available credits, read once per request: the header's badge and the
 * page (dashboard counter, referral forms) would otherwise each run the same ledger query.
 */
export function organisationCredits(context: Readonly<RouterContextProvider>): Promise<number> {
  let pending = context.get(creditsContext);
  if (!pending) {
    const { db } = context.get(runtimeContext).database;
    pending = getCreditBalance(db, employerActor(context).organisationId);
    context.set(creditsContext, pending);
  }
  return pending;
}

export function requestOrigin(context: Readonly<RouterContextProvider>): RequestOrigin {
  const info = context.get(requestContext);
  return { ip: info.ip, requestId: info.requestId };
}

/** Not found is the answer for another organisation's referral, whatever id was typed. */
export function referralErrorResponse(error: unknown): never {
  if (error instanceof ReferralError && error.code === "not_found")
    throw data("Not found", { status: 404 });
  throw error;
}
