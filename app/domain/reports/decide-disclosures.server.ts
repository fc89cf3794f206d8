import { eq } from "drizzle-orm";
import { reportVersion } from "~/db/schema/index.ts";
import { auditSubjectEvent } from "~/domain/assessments/lock-referral.server.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import type { DisclosureItem } from "./disclosure/disclosure-item.ts";
import { decideOnReport, lockReportForDecision } from "./lock-subject-report.server.ts";

type DisclosureAnswer = "agree" | "remove";

type DisclosureDecisionResult =
  | { outcome: "agreed" }
  | { outcome: "removal_asked"; removals: number }
  | { outcome: "incomplete"; missing: string[] };

/**
 * The person answers each item their employer would be told (docs/decisions/0016-disclosure-gate.md):
 *  - every item agreed: the agreement is written on the version, item by item, and the person can
 *    approve the report (approval needs every item agreed);
 *  - any item to remove: a removal request. The version goes back to the doctor as a correction
 *    would, but the doctor cannot decline it: the item can only leave the report.
 * Every item needs an answer; an unanswered one is named and nothing is written. Each decision is
 * an audit event of its own (which item, field and kind; never the words).
 */
export async function decideOnDisclosures(
  scope: Scope,
  {
    version,
    answers,
  }: {
    version: number;
    answers: Readonly<Record<string, DisclosureAnswer | undefined>>;
  },
): Promise<DisclosureDecisionResult> {
  const subject = requireSubject(scope);
  const { now } = subject;
  const decidedAt = now.toISOString();
  const decided = (items: readonly DisclosureItem[]) =>
    items.map(
      (item): DisclosureItem => ({
        ...item,
        decision: answers[item.id] === "agree" ? "agreed" : "removal_asked",
        decidedAt,
      }),
    );
  const audit = async (tx: Tx, items: readonly DisclosureItem[], reportId: string, v: number) => {
    for (const item of items)
      await auditSubjectEvent(tx, subject, {
        action:
          item.decision === "agreed"
            ? "report.disclosure_agreed"
            : "report.disclosure_removal_asked",
        object: { type: "report", id: reportId },
        details: { version: v, item: item.id, field: item.field, kind: item.kind },
      });
  };

  // Read first, to name what is unanswered without taking the locks a decision takes.
  const pending = await subject.db.transaction(async (tx) => {
    const locked = await lockReportForDecision(tx, subject, version, "subject_approved");
    return locked.version.disclosures ?? [];
  });
  const missing = pending.filter((item) => !answers[item.id]).map((item) => item.id);
  if (pending.length === 0)
    throw new DomainError("invalid_state", "This report has no items to agree.");
  if (missing.length > 0) return { outcome: "incomplete", missing };

  const removals = pending.filter((item) => answers[item.id] === "remove").length;
  if (removals === 0) {
    await subject.db.transaction(async (tx) => {
      const locked = await lockReportForDecision(tx, subject, version, "subject_approved");
      const items = decided(locked.version.disclosures ?? []);
      await tx
        .update(reportVersion)
        .set({ disclosures: items, updatedAt: now })
        .where(eq(reportVersion.id, locked.version.id));
      await audit(tx, items, locked.report.id, locked.version.version);
    });
    return { outcome: "agreed" };
  }
  await decideOnReport(scope, {
    version,
    event: "subject_requested_correction",
    notify: "correction_requested",
    decide: async (tx, locked) => {
      const items = decided(locked.version.disclosures ?? []);
      await audit(tx, items, locked.report.id, locked.version.version);
      return {
        version: { subjectDecision: "correction", disclosures: items },
        report: { status: "correction_requested" },
        referral: { correctionRequested: true },
        // Between the person and the doctor: the employer's timeline says nothing of it.
        activity: null,
        audit: {
          action: "report.removal_requested",
          details: { removalItems: removals, agreedItems: items.length - removals },
        },
        result: {},
      };
    },
  });
  return { outcome: "removal_asked", removals };
}
