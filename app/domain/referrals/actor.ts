/** A signed-in member of an employer organisation; routes build it from the session. */
export interface EmployerActor {
  userId: string;
  organisationId: string;
  organisationName: string;
}

/** Where the request came from, for the audit trail. */
export interface RequestOrigin {
  ip: string | null;
  requestId: string;
}

export class ReferralError extends Error {
  constructor(
    readonly code: "not_found" | "invalid_state" | "too_soon",
    message: string,
  ) {
    super(message);
  }
}
