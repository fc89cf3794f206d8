import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral, report, reportVersion } from "~/db/schema/index.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { createScope, type Scope } from "~/domain/kernel/scope.ts";
import type { DisclosureItem } from "~/domain/reports/disclosure/disclosure-item.ts";
import { testAdapters } from "./adapters.ts";
import { subjectScopeForTest } from "./assessments.ts";
import { doctorActor } from "./consultations.ts";
import { scopeFor } from "./doctor.ts";
import { recordingMailer } from "./mail.ts";
import { createSentReport } from "./reports.ts";
import { addTeamForTest } from "./team.ts";

/**
 * A case for the case conversation's tests (docs/architecture.md §4, "The case conversation"): a
 * management case with its report sent to the person, the organisation's HR administrator and a
 * manager who is not on the case, and each side's scope (the employer's people, the doctor, the
 * person's link), all sending through one recording mailer. `released` moves it on to complete,
 * the person having agreed to one item ("depressive episode", kept as the key `depression`).
 */
export async function caseConversationForTest(
  db: Database,
  options: { released?: boolean; urgent?: boolean; adapters?: Partial<Adapters> } = {},
) {
  const sent = await createSentReport(db);
  const suffix = sent.referral.id.slice(0, 8);
  const team = await addTeamForTest(
    db,
    { idPrefix: `conv-${suffix}-`, domain: `conv-${suffix}.example` },
    [
      ["hr", "hr_admin", sent.actor.organisationId],
      ["stranger", "manager", sent.actor.organisationId],
    ],
  );
  if (options.urgent)
    await db.update(referral).set({ urgent: true }).where(eq(referral.id, sent.referral.id));
  if (options.released) {
    const agreed: DisclosureItem[] = [
      {
        id: "d1",
        field: "summary",
        kind: "condition",
        key: "depression",
        text: "depressive episode",
        sentence: "A depressive episode, now improving.",
        decision: "agreed",
      },
    ];
    await db
      .update(reportVersion)
      .set({ disclosures: agreed })
      .where(eq(reportVersion.reportId, sent.report.id));
    await db
      .update(report)
      .set({ status: "released", releasedAt: new Date(), releasedVersion: 1 })
      .where(eq(report.id, sent.report.id));
    await db.update(referral).set({ status: "complete" }).where(eq(referral.id, sent.referral.id));
  }
  const opened = await openAssessmentLink(db, {
    token: sent.token,
    origin: { ip: null, requestId: "conv" },
  });
  if (!opened.ok) throw new Error("the person's link did not open");
  const mailer = recordingMailer();
  const adapters = testAdapters({ mailer, ...options.adapters });
  const origin = { ip: null, requestId: "conv" };
  const employerScope = (who: keyof typeof team, now = new Date()): Scope =>
    createScope(
      db,
      {
        role: "employer",
        userId: team[who]!.userId,
        organisationId: sent.actor.organisationId,
        organisationName: sent.actor.organisationName,
        memberRole: team[who]!.memberRole,
      },
      origin,
      adapters,
      now,
    );
  const doctorScope = (id = sent.doctor.id, now = new Date()) =>
    scopeFor(db, doctorActor(id), now, origin, adapters);
  const personScope = () => subjectScopeForTest(db, opened.link, { adapters });
  return { ...sent, team, mailer, employerScope, doctorScope, personScope };
}

/**
 * The domain error's code a piece of work ended with (`"not_found"`, …), or what it gave when it
 * did not end in one: the case's refusals are compared as codes, since the conversation and the
 * documents must refuse an outsider exactly as they refuse a case that does not exist.
 */
export async function refusalCode(work: Promise<unknown>): Promise<unknown> {
  const outcome = await work.then(
    (value) => value,
    (error: unknown) => error,
  );
  return isDomainError(outcome) ? outcome.code : outcome;
}
