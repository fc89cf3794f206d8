import { data, type RouterContextProvider } from "react-router";
import { requestContext } from "~/context.ts";
import { type EmployerActor, ReferralError, type RequestOrigin } from "~/domain/referrals/actor.ts";
import { currentSession } from "./session.server.ts";

/** The signed-in employer as the referral and billing functions take them (inside the employer area). */
export function employerActor(context: Readonly<RouterContextProvider>): EmployerActor {
  const { user, organisation } = currentSession(context);
  if (!organisation) throw data("Not found", { status: 404 });
  return { userId: user.id, organisationId: organisation.id, organisationName: organisation.name };
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
