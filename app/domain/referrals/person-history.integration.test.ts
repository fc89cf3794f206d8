import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvent, caseReview, referral, report } from "~/db/schema/index.ts";
import { employerScopeForTest, managementReferralInput } from "~tests/support/referrals.ts";
import { teamOrganisationForFile } from "~tests/support/team.ts";
import { earlierPersonUnderAnotherName, getPersonHistory } from "./person-history.server.ts";
import { saveManagementReferral } from "./save-management-referral.server.ts";

/*
 * The person's history (docs/architecture.md §4, "The person's history"): an organisation's
 * referrals about one person, grouped by e-mail address, shown without clinical detail, each to
 * those who may see it; and the question asked when an address comes back under another name.
 */
const team = teamOrganisationForFile({
  organisationName: "History Ltd",
  idPrefix: "user-history-",
  domain: "history.example",
  outsiders: [["eve", "owner"]],
});
const { scopeOf, who } = team;

const SECRET_REASON = "Panic attacks since the bereavement";
const SECRET_NOTES = "Takes sertraline daily";

async function referralBy(name: string, employeeName: string, employeeEmail: string) {
  const { referral: made } = await saveManagementReferral(scopeOf(name), {
    input: managementReferralInput({
      employeeName,
      employeeEmail,
      referralReason: SECRET_REASON,
      existingAdjustments: SECRET_NOTES,
    }),
    provider: "demo",
    intent: "draft",
  });
  return made;
}

/** A case that ran its course: submitted, its report released with a review date, then closed. */
async function completeWithReview(id: string, organisationId: string) {
  const at = new Date("2026-03-02T10:00:00Z");
  await team.db
    .update(referral)
    .set({
      status: "complete",
      createdAt: new Date("2026-02-27T10:00:00Z"),
      submittedAt: at,
      completedAt: new Date("2026-03-20T10:00:00Z"),
      closedAt: new Date("2026-06-01T10:00:00Z"),
    })
    .where(eq(referral.id, id));
  const [rep] = await team.db
    .insert(report)
    .values({
      reference: `REP-${id.slice(0, 6).toUpperCase()}`,
      referralId: id,
      organisationId,
      type: "management",
      status: "released",
      releasedVersion: 1,
      releasedAt: new Date("2026-03-20T10:00:00Z"),
      doctorId: "doctor-history",
    })
    .returning();
  await team.db.insert(caseReview).values({
    referralId: id,
    organisationId,
    reportId: rep!.id,
    reportVersion: 1,
    kind: "adjustment_review",
    dueOn: "2026-05-04",
  });
}

async function eveScope() {
  const eve = who("eve");
  return employerScopeForTest(team.db, {
    userId: eve.userId,
    memberRole: eve.memberRole,
    organisationId: team.otherOrganisationId,
    organisationName: "Elsewhere Ltd",
  });
}

describe("the person's history", () => {
  it("groups an organisation's referrals by address, shows dates and status only, and each member only what they may see", async () => {
    const alices = await referralBy("alice", "Ann Person", "ann.person@example.org");
    await completeWithReview(alices.id, team.organisationId);
    // Bob's, about the same address typed differently and under a married name.
    const bobs = await referralBy("bob", "Ann Smith", "  ANN.Person@Example.org ");
    // Someone else in the organisation, and the same address in another organisation.
    const zed = await referralBy("owner", "Zed Other", "zed@example.org");
    const { referral: elsewhere } = await saveManagementReferral(await eveScope(), {
      input: managementReferralInput({
        employeeName: "Ann Elsewhere",
        employeeEmail: "ann.person@example.org",
      }),
      provider: "demo",
      intent: "draft",
    });

    const owners = await getPersonHistory(scopeOf("owner"), alices.reference);
    expect(owners.referral).toMatchObject({ id: alices.id, subjectName: "Ann Person" });
    expect(owners.cases.map((c) => c.reference)).toEqual([bobs.reference, alices.reference]);
    const complete = owners.cases.find((c) => c.id === alices.id)!;
    expect(complete).toMatchObject({
      type: "management",
      status: "complete",
      statusLabel: "Complete",
      current: true,
      reviews: [{ kindLabel: "Review of adjustments", dueOn: "2026-05-04" }],
    });
    expect(complete.reportReleasedAt).toEqual(new Date("2026-03-20T10:00:00Z"));
    expect(complete.closedAt).toEqual(new Date("2026-06-01T10:00:00Z"));
    expect(owners.cases.find((c) => c.id === bobs.id)).toMatchObject({
      subjectName: "Ann Smith",
      status: "draft",
      reviews: [],
      reportReleasedAt: null,
      closedAt: null,
    });
    // No clinical detail in what the page is given, and no other person or organisation.
    const shown = JSON.stringify(owners);
    for (const hidden of [
      SECRET_REASON,
      SECRET_NOTES,
      zed.reference,
      elsewhere.reference,
      "Ann Elsewhere",
    ])
      expect(shown).not.toContain(hidden);
    expect(Object.keys(complete).sort()).toEqual(
      [
        "closedAt",
        "createdAt",
        "current",
        "id",
        "reference",
        "reportReleasedAt",
        "reviews",
        "status",
        "statusLabel",
        "subjectName",
        "submittedAt",
        "type",
      ].sort(),
    );

    // HR sees both; opened from Bob's case it is the same history.
    expect((await getPersonHistory(scopeOf("hr"), bobs.id)).cases.map((c) => c.reference)).toEqual([
      bobs.reference,
      alices.reference,
    ]);
    // Each manager sees only their own case: neither the other's case nor its dates.
    const alicesView = await getPersonHistory(scopeOf("alice"), alices.id);
    expect(alicesView.cases.map((c) => c.reference)).toEqual([alices.reference]);
    expect(alicesView.cases[0]).toMatchObject({
      reportReleasedAt: new Date("2026-03-20T10:00:00Z"),
      reviews: [{ kindLabel: "Review of adjustments", dueOn: "2026-05-04" }],
    });
    const bobsView = await getPersonHistory(scopeOf("bob"), bobs.id);
    expect(bobsView.cases.map((c) => c.reference)).toEqual([bobs.reference]);
    expect(JSON.stringify(bobsView)).not.toContain("2026-05-04");
    expect(JSON.stringify(bobsView)).not.toContain(alices.reference);
    // A case the member cannot see opens no history at all; nor another organisation's.
    await expect(getPersonHistory(scopeOf("carol"), alices.id)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getPersonHistory(await eveScope(), alices.id)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(
      (await getPersonHistory(await eveScope(), elsewhere.id)).cases.map((c) => c.reference),
    ).toEqual([elsewhere.reference]);

    // Each reading is audited, naming the cases shown.
    const audited = await team.db
      .select({ details: auditEvent.details, actorId: auditEvent.actorId })
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.action, "referral.person_history_viewed"),
          eq(auditEvent.objectId, alices.id),
        ),
      );
    expect(audited).toEqual(
      expect.arrayContaining([
        {
          actorId: who("owner").userId,
          details: { reference: alices.reference, referrals: [bobs.reference, alices.reference] },
        },
        {
          actorId: who("alice").userId,
          details: { reference: alices.reference, referrals: [alices.reference] },
        },
      ]),
    );
  });

  it("asks about an address only under a different name, and only about cases the member may see", async () => {
    const alices = await referralBy("alice", "Ben Brown", "ben.brown@example.org");
    const email = " Ben.Brown@example.org";

    // The same name (in any case) asks nothing; another name names the earlier case.
    expect(
      await earlierPersonUnderAnotherName(scopeOf("owner"), { email, name: "ben brown" }),
    ).toBeNull();
    expect(
      await earlierPersonUnderAnotherName(scopeOf("owner"), { email, name: "Benjamin Brown" }),
    ).toEqual({ name: "Ben Brown", reference: alices.reference });
    expect(
      await earlierPersonUnderAnotherName(scopeOf("alice"), { email, name: "Benjamin Brown" }),
    ).toEqual({ name: "Ben Brown", reference: alices.reference });
    // A manager who can see none of them is not told one exists; nor is another organisation.
    expect(
      await earlierPersonUnderAnotherName(scopeOf("carol"), { email, name: "Benjamin Brown" }),
    ).toBeNull();
    expect(
      await earlierPersonUnderAnotherName(await eveScope(), { email, name: "Benjamin Brown" }),
    ).toBeNull();
    // The draft being edited is not an earlier referral of itself.
    expect(
      await earlierPersonUnderAnotherName(scopeOf("alice"), {
        email,
        name: "Benjamin Brown",
        referralId: alices.id,
      }),
    ).toBeNull();
    // A new address asks nothing.
    expect(
      await earlierPersonUnderAnotherName(scopeOf("owner"), {
        email: "someone.new@example.org",
        name: "Benjamin Brown",
      }),
    ).toBeNull();
  });
});
