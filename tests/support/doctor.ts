import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { questionnaireResponse, referral } from "~/db/schema/index.ts";
import type { Actor as SessionActor } from "~/domain/access/permissions.ts";
import { draftAssessmentReport } from "~/domain/assessments/draft-assessment-report.server.ts";
import { giveConsent } from "~/domain/assessments/give-consent.server.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { saveAnswers } from "~/domain/assessments/save-answers.server.ts";
import { submitAssessment } from "~/domain/assessments/submit-assessment.server.ts";
import { actorOfDoctor } from "~/domain/doctor/doctor-queue.ts";
import type { Actor } from "~/domain/kernel/actor.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import { createScope, type Scope, systemScope } from "~/domain/kernel/scope.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { createInvitedReferralForTest, subjectScopeForTest } from "~tests/support/assessments.ts";

/**
 * The kernel scope for a test's signed-in user (the session's actor shape the other areas' test
 * helpers still hand out), so the doctor area's tests call its functions as a route would.
 */
export function scopeFor(
  db: Database,
  actor: SessionActor,
  now = new Date(),
  origin: { ip: string | null; requestId: string } = { ip: null, requestId: "test" },
  adapters: Adapters = testAdapters(),
): Scope {
  const kernel: Actor =
    actor.role === "admin"
      ? { role: "admin", userId: actor.userId, twoFactorVerified: actor.twoFactorVerified }
      : actor.role === "doctor"
        ? actorOfDoctor({
            userId: actor.userId,
            doctorActive: actor.doctorActive === true,
            twoFactorVerified: actor.twoFactorVerified,
          })
        : {
            role: "employer",
            userId: actor.userId,
            organisationId: actor.organisationId ?? "",
            organisationName: "",
            memberRole: actor.memberRole ?? "manager",
          };
  return createScope(db, kernel, origin, adapters, now);
}

/**
 * A pre-employment case its person has completed through the assessment's own use cases (link
 * opened, consent, every step answered, submitted), with its draft: what a doctor's queue holds.
 * Returns the referral, and the person's open link to review the report with later.
 */
export async function submittedCaseForTest(
  db: Database,
  {
    now = new Date(),
    core = {
      "core.condition": "false",
      "core.treatment": "false",
      "core.mental-health": "false",
      "core.work-related": "false",
    },
    origin = { ip: "10.9.0.1", requestId: "submitted-case" },
    adapters = {},
    onInvited,
  }: {
    now?: Date;
    core?: Record<string, string>;
    origin?: { ip: string; requestId: string };
    adapters?: Partial<Adapters>;
    /** Runs once the person is invited, before they open the link (a webhook endpoint, say). */
    onInvited?: (invited: { organisationId: string }) => Promise<unknown>;
  } = {},
) {
  const { token, referral: invited } = await createInvitedReferralForTest(db, {
    type: "pre_employment",
    jobRole: "Office Worker",
    now,
  });
  await onInvited?.(invited);
  const opened = await openAssessmentLink(db, { token, origin, now });
  if (!opened.ok) throw new Error("link refused");
  const link = opened.link;
  const subject = (at?: Date) =>
    withAdapters(subjectScopeForTest(db, link, at ? { now: at } : undefined), adapters);
  await giveConsent(subject());
  for (const [step, answers] of [
    ["core", core],
    ["dse", { "dse.eyes": "false", "dse.musculoskeletal": "false", "dse.equipment": "false" }],
    ["adjustments", { "adjustments.needed": "no", "adjustments.speak-to-doctor": "false" }],
  ] as const)
    await saveAnswers(subject(), { step, answers });
  const submitted = await submitAssessment(subject(now));
  if (!submitted.ok) throw new Error("not submitted");
  const [row] = await db.select().from(referral).where(eq(referral.id, invited.id));
  const [response] = await db
    .select()
    .from(questionnaireResponse)
    .where(eq(questionnaireResponse.referralId, invited.id));
  await draftAssessmentReport(systemScope(db, "assessment-draft", testAdapters()), {
    responseId: response!.id,
  });
  return { referral: row!, link };
}
