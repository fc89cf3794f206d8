import { eq, inArray, sql } from "drizzle-orm";
import {
  assessmentConsent,
  questionnaireDefinition,
  questionnaireResponse,
  questionnaireResponseDefinition,
} from "~/db/schema/index.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { newAssessmentInstance } from "./assessment-instance.ts";
import { firstStep } from "./assessment-steps.ts";
import { CONSENT_VERSION } from "./consent-notice.ts";
import { lockSubjectReferral, moveSubjectReferral } from "./lock-referral.server.ts";
import { shareEarlierCasesMessage } from "./subject-forms.ts";

/**
 * Explicit consent (UK GDPR Art. 9(2)(a)): records the decision with its time and the version of
 * the notice shown, moves the referral from invited to in progress, and starts the response on
 * the newest published questionnaire versions. Returns the first step.
 */
export async function giveConsent(
  scope: Scope,
  {
    consentVersion = CONSENT_VERSION,
    phone,
    shareEarlierCases,
  }: {
    consentVersion?: string;
    /**
     * On a follow-up, whether the doctor may see the person's earlier reports and answers with
     * the organisation (docs/architecture.md §4, "Follow-up referrals"); required there, ignored
     * on any other referral.
     */
    shareEarlierCases?: boolean;
    /**
     * The person's own phone number as they confirmed it on the consent page, already in E.164
     * (`normalisePhone`): null clears it, undefined leaves what the employer entered.
     */
    phone?: string | null;
  } = {},
): Promise<{ cursor: string }> {
  const subject = requireSubject(scope);
  const { now } = subject;
  return subject.db.transaction(async (tx) => {
    const current = await lockSubjectReferral(tx, subject, "subject_started");
    const followUp = current.followUpOf !== null;
    if (followUp && shareEarlierCases === undefined)
      throw new DomainError("invalid_input", shareEarlierCasesMessage);
    await tx.insert(assessmentConsent).values({
      referralId: current.id,
      invitationId: subject.actor.invitationId,
      decision: "given",
      consentVersion,
      decidedAt: now,
      shareEarlierCases: followUp ? shareEarlierCases : null,
    });
    const instance = newAssessmentInstance(current);
    const cursor = firstStep(
      instance.definition,
      current.type === "management" ? "management" : "pre_employment",
      {},
    );
    // A person invited again after their link lapsed keeps the answers they had saved.
    const [created] = await tx
      .insert(questionnaireResponse)
      .values({
        referralId: current.id,
        definitionUrl: instance.definition.url,
        definitionVersion: instance.definition.version,
        derivedFrom: instance.definition.derivedFrom ?? [],
        buildContext: instance.buildContext,
        status: "in-progress",
        cursor,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: questionnaireResponse.referralId })
      .returning({ id: questionnaireResponse.id, cursor: questionnaireResponse.cursor });
    if (created) await linkStoredDefinitions(tx, created.id, instance.definition.derivedFrom ?? []);
    let resumeAt = created?.cursor ?? cursor;
    if (!created) {
      const [existing] = await tx
        .select({ cursor: questionnaireResponse.cursor })
        .from(questionnaireResponse)
        .where(eq(questionnaireResponse.referralId, current.id));
      resumeAt = existing?.cursor ?? cursor;
    }
    await moveSubjectReferral(tx, subject, {
      referral: current,
      event: "subject_started",
      set: {
        startedAt: current.startedAt ?? now,
        ...(phone === undefined ? {} : { subjectPhone: phone }),
      },
      activity: "started",
      audit: {
        action: "assessment.consent_given",
        details: {
          consentVersion,
          definitionVersion: instance.definition.version,
          // Whether the person changed their number, never the number.
          phoneChanged: phone !== undefined && phone !== current.subjectPhone,
          // A follow-up's separate choice on the earlier cases; absent on any other referral.
          ...(followUp ? { earlierCasesShared: shareEarlierCases === true } : {}),
        },
      },
    });
    return { cursor: resumeAt };
  });
}

/**
 * Ties the response to the stored rows of the published versions it was built from, so the
 * questions a person answered can always be read back exactly as they were published.
 */
async function linkStoredDefinitions(tx: Tx, responseId: string, derivedFrom: string[]) {
  const canonical = sql<string>`${questionnaireDefinition.url} || '|' || ${questionnaireDefinition.version}`;
  const rows = derivedFrom.length
    ? await tx
        .select({ id: questionnaireDefinition.id, canonical })
        .from(questionnaireDefinition)
        .where(inArray(canonical, derivedFrom))
    : [];
  const missing = derivedFrom.filter((c) => !rows.some((r) => r.canonical === c));
  if (missing.length > 0)
    throw new Error(
      `Questionnaire definitions not loaded into the database: ${missing.join(", ")}`,
    );
  if (rows.length > 0)
    await tx
      .insert(questionnaireResponseDefinition)
      .values(rows.map((r) => ({ responseId, definitionId: r.id })));
}
