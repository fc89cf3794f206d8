import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import type { MemberRole } from "~/db/schema/auth.ts";
import { referral } from "~/db/schema/index.ts";
import type { AdminActor, EmployerActor } from "~/domain/kernel/actor.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import { createScope, type Scope } from "~/domain/kernel/scope.ts";
import { type ReferralStatus, transition } from "~/domain/referrals/lifecycle.ts";
import { questionKeys } from "~/domain/referrals/management-questions.ts";
import type { ManagementReferralInput } from "~/domain/referrals/referral-input.ts";
import { testAdapters } from "~tests/support/adapters.ts";

/** A test's employer: who they are and the organisation they act for. */
export interface TestEmployer {
  userId: string;
  organisationId: string;
  organisationName: string;
  memberRole?: MemberRole;
}

/**
 * Test helper: the scope an employer's request would carry (docs/architecture.md §3b), at `now`
 * when a test moves the clock.
 */
export function employerScopeForTest(
  db: Database,
  employer: TestEmployer,
  now: Date = new Date(),
  adapters: Adapters = testAdapters(),
  requestId = "test",
): Scope<EmployerActor> {
  return createScope(
    db,
    { role: "employer", memberRole: "owner", ...employer },
    { ip: null, requestId },
    adapters,
    now,
  );
}

/** Test helper: the scope of an administrator who has passed two-factor, as their request carries. */
export function adminScopeForTest(
  db: Database,
  userId: string,
  now: Date = new Date(),
  requestId = "test",
): Scope<AdminActor> {
  return createScope(
    db,
    { role: "admin", userId, twoFactorVerified: true },
    { ip: null, requestId },
    testAdapters(),
    now,
  );
}

/** A referral's row as it stands in the database. */
export async function referralRowForTest(db: Database, id: string) {
  const [found] = await db.select().from(referral).where(eq(referral.id, id));
  return found!;
}

export type ReferralQuestions = ManagementReferralInput["questions"];

/** The questions of a management referral: those in `asked` ticked, every other one not. */
export function managementQuestions(asked: Partial<ReferralQuestions> = {}): ReferralQuestions {
  return {
    ...(Object.fromEntries(questionKeys.map((key) => [key, false])) as ReferralQuestions),
    ...asked,
  };
}

/**
 * A complete management referral form with the employer's consent, asking whether the person is
 * fit for work; a test gives the fields it is about.
 */
export function managementReferralInput(
  fields: Partial<Omit<ManagementReferralInput, "questions">> & {
    questions?: Partial<ReferralQuestions>;
  } = {},
): ManagementReferralInput {
  const { questions, ...rest } = fields;
  return {
    employeeName: "Jo Bloggs",
    employeeEmail: "jo.bloggs@example.org",
    referralReason: "Recurring back pain affecting lifting duties",
    jobDetails: "Warehouse team leader, 37.5 hours a week",
    existingAdjustments: "",
    consentToProcessing: true,
    ...rest,
    questions: managementQuestions({ fitForWork: true, ...questions }),
  };
}

/**
 * An invited referral's status once the person has started and submitted the questionnaire and a
 * doctor has taken the case, each step as the state machine allows it.
 */
export function statusTakenByDoctor(invited: ReferralStatus): ReferralStatus {
  const started = transition(invited, "subject_started", "subject");
  const submitted = transition(started, "subject_submitted", "subject");
  return transition(submitted, "doctor_took", "doctor");
}
