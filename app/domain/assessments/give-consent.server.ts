import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import {
  assessmentConsent,
  questionnaireDefinition,
  questionnaireResponse,
  questionnaireResponseDefinition,
  referral,
  referralActivity,
} from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { transition } from "~/domain/referrals/states.ts";
import { newAssessmentInstance } from "./assessment-instance.ts";
import { firstStep } from "./assessment-steps.ts";
import { CONSENT_VERSION } from "./consent-notice.ts";
import { lockSubjectReferral, refuseTransition } from "./lock-referral.server.ts";
import { type RequestOrigin, type SubjectLink, subjectAuditActor } from "./subject.ts";

/**
 * Explicit consent (UK GDPR Art. 9(2)(a)): records the decision with its time and the version of
 * the notice shown, moves the referral from invited to in progress, and starts the response on
 * the newest published questionnaire versions. Returns the first step.
 */
export async function giveConsent(
  db: Database,
  {
    link,
    consentVersion = CONSENT_VERSION,
    phone,
    origin,
    now = new Date(),
  }: {
    link: SubjectLink;
    consentVersion?: string;
    /**
     * The person's own phone number as they confirmed it on the consent page, already in E.164
     * (`normalisePhone`): null clears it, undefined leaves what the employer entered.
     */
    phone?: string | null;
    origin?: RequestOrigin;
    now?: Date;
  },
): Promise<{ cursor: string }> {
  return db.transaction(async (tx) => {
    const current = await lockSubjectReferral(tx, link);
    let status: ReturnType<typeof transition>;
    try {
      status = transition(current.status, "subject_started", "subject");
    } catch (error) {
      refuseTransition(error);
    }
    await tx.insert(assessmentConsent).values({
      referralId: current.id,
      invitationId: link.invitationId,
      decision: "given",
      consentVersion,
      decidedAt: now,
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
    await tx
      .update(referral)
      .set({
        status,
        startedAt: current.startedAt ?? now,
        updatedAt: now,
        ...(phone === undefined ? {} : { subjectPhone: phone }),
      })
      .where(eq(referral.id, current.id));
    await tx.insert(referralActivity).values({
      referralId: current.id,
      organisationId: current.organisationId,
      kind: "started",
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      action: "assessment.consent_given",
      outcome: "success",
      actor: subjectAuditActor(link),
      object: { type: "referral", id: current.id },
      request: origin,
      details: {
        consentVersion,
        definitionVersion: instance.definition.version,
        // Whether the person changed their number, never the number.
        phoneChanged: phone !== undefined && phone !== current.subjectPhone,
      },
    });
    return { cursor: resumeAt };
  });
}

/**
 * Ties the response to the stored rows of the published versions it was built from, so the
 * questions a person answered can always be read back exactly as they were published.
 */
async function linkStoredDefinitions(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  responseId: string,
  derivedFrom: string[],
) {
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
