/** Who is acting on an organisation's billing; routes build it from the signed-in member. */
export interface BillingActor {
  userId: string;
  organisationId: string;
}

export class BillingError extends Error {
  constructor(
    readonly code:
      | "insufficient_credits"
      | "membership_required"
      | "membership_exists"
      | "no_membership"
      | "invalid_state"
      | "not_found",
    message: string,
  ) {
    super(message);
  }
}
