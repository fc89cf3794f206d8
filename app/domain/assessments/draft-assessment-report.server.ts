import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { draftReport, questionnaireResponse, referral } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  visibleDraftReports,
  visibleQuestionnaireResponses,
  visibleReferrals,
} from "~/domain/kernel/visibility.server.ts";
import type { SelectedQuestions } from "~/domain/referrals/management-questions.ts";
import type { Drafter, DraftInput } from "~/domain/reports/drafter.ts";
import { rulesDrafter } from "~/domain/reports/rules-drafter.ts";
import { definitionOfResponse } from "./assessment-instance.ts";
import { toSafetyAssessment } from "./safety-flags.ts";

type DraftRow = typeof draftReport.$inferSelect;

/**
 * The draft job: runs the drafter on a completed response and stores its structured draft.
 * Idempotent: a retry (or a second delivery) finds the draft of this response and drafter version
 * and stores nothing new. It only reads the response, so a failure can never lose answers; pg-boss
 * retries it.
 */
export async function draftAssessmentReport(
  scope: Scope,
  {
    responseId,
    drafter = rulesDrafter,
    onCreated,
  }: {
    responseId: string;
    drafter?: Drafter;
    /**
     * What the new draft causes (the doctors are told of the case), written in the draft's own
     * transaction: it exists exactly when the draft does, so a crash after the commit cannot
     * lose it, and a retried job, which finds the draft, causes nothing twice.
     */
    onCreated?: (tx: Tx, draft: DraftRow) => Promise<void>;
  },
): Promise<{ draft: DraftRow; created: boolean } | null> {
  const { db, now } = requireSystem(scope);
  const existing = await findDraft(db, scope, responseId, drafter);
  if (existing) return { draft: existing, created: false };

  const [row] = await db
    .select({ response: questionnaireResponse, referral })
    .from(questionnaireResponse)
    .innerJoin(referral, eq(referral.id, questionnaireResponse.referralId))
    .where(
      and(
        eq(questionnaireResponse.id, responseId),
        visibleReferrals(scope),
        visibleQuestionnaireResponses(scope),
      ),
    );
  // Not completed (or withdrawn meanwhile): nothing to draft, and nothing to retry.
  if (row?.response.status !== "completed") return null;

  const definition = definitionOfResponse(row.response);
  const safety = toSafetyAssessment({
    level: row.response.safetyLevel,
    reasons: row.response.safetyReasons,
  });
  const context = row.response.buildContext;
  const input: DraftInput =
    context.kind === "pre_employment"
      ? {
          referralType: "pre_employment",
          definition,
          answers: row.response.answers,
          safety,
          role: context.role,
        }
      : {
          referralType: "management",
          definition,
          answers: row.response.answers,
          safety,
          selectedQuestions: (row.referral.questions ?? {}) as SelectedQuestions,
          referralReason: context.referralReason,
          jobDetails: row.referral.jobDetails ?? undefined,
        };
  const draft = await drafter.draft(input);

  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(draftReport)
      .values({
        referralId: row.referral.id,
        responseId,
        drafterId: drafter.id,
        drafterModel: drafter.model,
        drafterVersion: drafter.version,
        draft,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const again = await findDraft(tx, scope, responseId, drafter);
      if (!again) throw new Error(`Draft for response ${responseId} vanished`);
      return { draft: again, created: false };
    }
    await recordAuditEventAs(
      scope,
      {
        action: "assessment.draft_create",
        outcome: "success",
        organisationId: row.referral.organisationId,
        object: { type: "referral", id: row.referral.id },
        details: {
          draftId: inserted.id,
          drafter: `${drafter.id}/${drafter.model}@${drafter.version}`,
        },
      },
      tx,
    );
    await onCreated?.(tx, inserted);
    return { draft: inserted, created: true };
  });
}

async function findDraft(
  db: Pick<Database, "select">,
  scope: Scope,
  responseId: string,
  drafter: Drafter,
): Promise<DraftRow | null> {
  const [row] = await db
    .select()
    .from(draftReport)
    .where(
      and(
        eq(draftReport.responseId, responseId),
        eq(draftReport.drafterId, drafter.id),
        eq(draftReport.drafterModel, drafter.model),
        eq(draftReport.drafterVersion, drafter.version),
        visibleDraftReports(scope),
      ),
    );
  return row ?? null;
}
