import { createContext, type RouterContextProvider } from "react-router";
import { runtimeContext } from "~/context.ts";
import { getMembershipAndCredits, type Membership } from "~/domain/billing/membership.server.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { TeamRoleRefusal } from "~/lib/active-organisation.ts";
import { refusalMessage, refusalResponse } from "./refusal.server.ts";
import { currentScope } from "./scope.server.ts";

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
    pending = getMembershipAndCredits(
      db,
      requireEmployer(currentScope(context)).actor.organisationId,
    ).then((standing) => standing ?? { membership: null, credits: 0 });
    context.set(standingContext, pending);
  }
  return pending;
}

export function organisationCredits(context: Readonly<RouterContextProvider>): Promise<number> {
  return organisationStanding(context).then((standing) => standing.credits);
}

/**
 * A referral's page that the domain refuses: not found is the answer for another organisation's
 * referral, whatever id was typed; any other refusal is thrown with its status from the map.
 */
export function referralErrorResponse(error: unknown): never {
  throw refusalResponse(error, refusalMessage);
}

/**
 * A page the person's team role does not include (a manager opening the billing pages): the
 * domain's "forbidden" becomes a 403 that the employer area's error page explains inside the
 * signed-in shell, instead of an unexpected error. Any other error passes through unchanged.
 */
export function teamRoleRefusal(subject: TeamRoleRefusal["subject"]) {
  return (error: unknown): never => {
    if (!isDomainError(error, "forbidden")) throw error;
    throw refusalResponse(
      error,
      (forbidden): TeamRoleRefusal => ({
        refusal: "team-role",
        subject,
        message: forbidden.message,
      }),
    );
  };
}
