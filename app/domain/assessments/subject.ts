/**
 * The person an assessment is about, as far as the server knows them: whoever holds a valid link.
 * Routes get it from `openAssessmentLink`; every subject-side domain function takes it and acts
 * only on that one referral.
 */
export interface SubjectLink {
  referralId: string;
  invitationId: string;
  organisationId: string;
}

/** Where the request came from, for the audit trail. */
export interface RequestOrigin {
  ip: string | null;
  requestId: string;
}

export class AssessmentError extends Error {
  constructor(
    readonly code: "invalid_state" | "not_found" | "consent_required",
    message: string,
  ) {
    super(message);
  }
}

/** How the subject appears in the audit log: no name or e-mail, only their role and referral. */
export function subjectAuditActor(link: SubjectLink) {
  return { id: `subject:${link.referralId}`, role: "subject", organisationId: link.organisationId };
}
