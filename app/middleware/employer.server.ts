import { createContext, data, type RouterContextProvider } from "react-router";
import { requestContext, runtimeContext } from "~/context.ts";
import { getMembershipAndCredits, type Membership } from "~/domain/billing/membership.server.ts";
import { type EmployerActor, ReferralError, type RequestOrigin } from "~/domain/referrals/actor.ts";
import { currentSession } from "./session.server.ts";

/** The signed-in employer as the referral and billing functions take them (inside the employer area). */
export function employerActor(context: Readonly<RouterContextProvider>): EmployerActor {
  const { user, organisation } = currentSession(context);
  if (!organisation) throw data("Not found", { status: 404 });
  return { userId: user.id, organisationId: organisation.id, organisationName: organisation.name };
}

interface OrganisationStanding {
  membership: Membership | null;
  credits: number;
}

/** This request's read of the organisation's membership and credits, shared by layout and page. */
const standingContext = createContext<Promise<OrganisationStanding> | null>(null);

/**
 * The signed-in employer's membership and available credits, read once per request in one query:
 * the header's badge and the page (dashboard counter, referral forms) would otherwise each run
 * their own.
 */
export function organisationStanding(
  context: Readonly<RouterContextProvider>,
): Promise<OrganisationStanding> {
  let pending = context.get(standingContext);
  if (!pending) {
    const { db } = context.get(runtimeContext).database;
    pending = getMembershipAndCredits(db, employerActor(context).organisationId).then(
      (standing) => standing ?? { membership: null, credits: 0 },
    );
    context.set(standingContext, pending);
  }
  return pending;
}

export function organisationCredits(context: Readonly<RouterContextProvider>): Promise<number> {
  return organisationStanding(context).then((standing) => standing.credits);
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
