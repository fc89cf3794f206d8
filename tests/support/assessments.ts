import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { draftReport, questionnaireResponse, referral } from "~/db/schema/index.ts";
import { grantCredits } from "~/domain/billing/credit-ledger.server.ts";
import type { RequestOrigin, SubjectActor } from "~/domain/kernel/actor.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import { createScope, type Scope } from "~/domain/kernel/scope.ts";
import { createPreEmploymentReferral } from "~/domain/referrals/create-pre-employment-referral.server.ts";
import { issueInvitationToken } from "~/domain/referrals/invitations.server.ts";
import type { Referral } from "~/domain/referrals/place-referral.server.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import {
  employerScopeForTest,
  managementReferralInput,
  type ReferralQuestions,
  type TestEmployer,
} from "~tests/support/referrals.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";

/**
 * Test fixture: a real referral made through the employer's own domain functions (credits granted,
 * referral placed, invitation token issued), for tests of the subject's side. Organisation ids are
 * made up: the organisation table is not part of these tests.
 */
export async function createInvitedReferralForTest(
  db: Database,
  {
    type,
    jobRole = "Driver",
    flags = {},
    reason = "Low mood and time off work since March; help us support a return.",
    questions = {},
    memberTurnaround = false,
    now = new Date(),
  }: {
    type: "pre_employment" | "management";
    jobRole?: string;
    flags?: Partial<
      Record<"drivingRequired" | "nightShifts" | "loneWorking" | "safetyCritical", boolean>
    >;
    reason?: string;
    questions?: Partial<ReferralQuestions>;
    memberTurnaround?: boolean;
    now?: Date;
  },
): Promise<{ referral: Referral; token: string; actor: TestEmployer }> {
  const actor: TestEmployer = {
    userId: `user-${Math.random().toString(36).slice(2, 8)}`,
    organisationId: await insertOrganisationForTest(db),
    organisationName: "Test Employer Ltd",
  };
  await grantCredits(db, { organisationId: actor.organisationId, credits: 10, now });
  let created: Referral;
  if (type === "pre_employment") {
    ({ referral: created } = await createPreEmploymentReferral(
      employerScopeForTest(db, actor, now),
      {
        provider: "demo",
        input: {
          candidateName: "Sam Patel",
          candidateEmail: "sam.patel@example.org",
          jobRole: jobRole as "Driver",
          drivingRequired: flags.drivingRequired ?? false,
          nightShifts: flags.nightShifts ?? false,
          loneWorking: flags.loneWorking ?? false,
          safetyCritical: flags.safetyCritical ?? false,
          conditionalOfferDate: now.toISOString().slice(0, 10),
          additionalNotes: "",
        },
      },
    ));
  } else {
    ({ referral: created } = await saveManagementReferral(employerScopeForTest(db, actor, now), {
      provider: "demo",
      intent: "submit",
      input: managementReferralInput({
        referralReason: reason,
        jobDetails: "Customer service adviser, 37.5 hours a week",
        questions: { recommendedAdjustments: true, ...questions },
      }),
    }));
  }
  // Member turnaround follows the employer's membership; set directly so both SLAs can be tested.
  const [row] = await db
    .update(referral)
    .set({ memberTurnaround })
    .where(eq(referral.id, created.id))
    .returning();
  if (row?.status !== "invited") throw new Error(`Referral not invited: ${row?.status}`);
  const { token } = await issueInvitationToken(db, {
    referralId: row.id,
    invitedAt: row.invitedAt ?? now,
    now,
  });
  return { referral: row, token, actor };
}

/**
 * Test fixture: the scope a route builds with `subjectScope` for an opened link, with the time and
 * client address a test chooses.
 */
export function subjectScopeForTest(
  db: Database,
  link: SubjectActor,
  {
    now = new Date(),
    origin = { ip: null, requestId: "test" },
    adapters = testAdapters(),
  }: { now?: Date; origin?: RequestOrigin; adapters?: Adapters } = {},
): Scope<SubjectActor> {
  return createScope(db, link, origin, adapters, now);
}

/**
 * Test fixture: a case's stored answers and the rules drafter's draft from them, written as rows
 * (not through the questionnaire), for tests of who reaches or erases that health data.
 */
export async function insertAnswersAndDraftForTest(
  db: Database,
  referralId: string,
  {
    referralReason,
    answers,
    draftNote,
  }: { referralReason: string; answers: Record<string, string>; draftNote?: string },
) {
  const [response] = await db
    .insert(questionnaireResponse)
    .values({
      referralId,
      definitionUrl: "urn:test",
      definitionVersion: "1",
      derivedFrom: [],
      buildContext: { kind: "management", referralReason, version: "1" },
      status: "completed",
      answers,
      transcript: [],
    })
    .returning();
  await db.insert(draftReport).values({
    referralId,
    responseId: response!.id,
    drafterId: "rules",
    drafterModel: "rules",
    drafterVersion: "1",
    draft: (draftNote ? { sections: [], note: draftNote } : { sections: [] }) as never,
  });
}
