import { addHours } from "date-fns";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assessmentInvitation, referral, referralActivity } from "~/db/schema/index.ts";
import { getAdminOverview } from "~/domain/admin/overview.server.ts";
import { listDoctorCases } from "~/domain/doctor/doctor-cases.server.ts";
import { doctorRowAction, slaState } from "~/domain/doctor/doctor-queue.ts";
import { getDoctorCase } from "~/domain/doctor/get-doctor-case.server.ts";
import { takeReferral } from "~/domain/doctor/take-referral.server.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import {
  createDoctorForTest,
  doctorScope,
  referralInReviewForTest,
} from "~tests/support/consultations.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import {
  adminScopeForTest,
  employerScopeForTest,
  referralRowForTest,
} from "~tests/support/referrals.ts";
import { putReferralOnHold } from "./hold-referral.server.ts";
import { canAct, referralActions } from "./lifecycle.ts";
import { liftReferralHold } from "./lift-referral-hold.server.ts";

const database = testDatabaseForFile();
const origin = { ip: null, requestId: "hold-test" };
const adminAt = (now: Date) => adminScopeForTest(database.db, "admin-hold", now, origin.requestId);
const reason = "Employee's GP letter says they are in hospital; wait for discharge.";

const row = (id: string) => referralRowForTest(database.db, id);

describe("On hold", () => {
  it("pauses a case in review and returns it there, its SLA moved on by the time held", async () => {
    const t0 = new Date("2026-03-02T09:00:00Z");
    const doctor = await createDoctorForTest(database.db, "Dr Hold");
    const { referral: r } = await referralInReviewForTest(database.db, {
      doctorId: doctor.userId,
      now: t0,
    });
    const due = addHours(t0, 48);
    await database.db.update(referral).set({ slaDueAt: due }).where(eq(referral.id, r.id));

    await putReferralOnHold(adminAt(addHours(t0, 10)), { referralId: r.id, reason });
    const held = await row(r.id);
    expect(held.status).toBe("on_hold");
    expect(held.heldFromStatus).toBe("in_review");
    expect(held.holdReason).toBe(reason);
    // Sealed at rest: the stored text is not the reason.
    const raw = await database.db.execute(sql`select hold_reason from referral where id = ${r.id}`);
    expect(JSON.stringify(raw)).not.toContain("hospital");

    // The clock stops: long past the due time, a case on hold is neither breached nor counted.
    const late = addHours(t0, 100);
    expect(slaState({ ...held, status: held.status }, late)).toBe("none");
    const overview = await getAdminOverview(adminAt(late));
    expect(overview.byStatus.find((s) => s.status === "on_hold")?.count).toBeGreaterThanOrEqual(1);
    const breachedBefore = overview.slaBreaches;

    // The doctor on the case still sees it, as on hold, and cannot send it on.
    const queue = await listDoctorCases(doctorScope(database.db, doctor, late), {
      tab: "pending",
      search: "",
      page: 1,
    });
    expect(queue.rows.find((c) => c.id === r.id)?.status).toBe("on_hold");
    await expect(takeReferral(doctorScope(database.db, doctor, late), r.id)).rejects.toSatisfy(
      (e: unknown) => isDomainError(e, "invalid_state"),
    );

    const lifted = addHours(t0, 40);
    expect(await liftReferralHold(adminAt(lifted), { referralId: r.id })).toBe("in_review");
    const back = await row(r.id);
    expect(back.status).toBe("in_review");
    expect(back.heldFromStatus).toBeNull();
    expect(back.holdReason).toBeNull();
    expect(back.heldAt).toBeNull();
    // Held 30 hours: due 30 hours later than before.
    expect(back.slaDueAt?.toISOString()).toBe(addHours(due, 30).toISOString());
    expect((await getAdminOverview(adminAt(lifted))).slaBreaches).toBe(breachedBefore);

    // The employer's timeline says what happened; the audit log too, never with the reason.
    const kinds = await database.db
      .select({ kind: referralActivity.kind })
      .from(referralActivity)
      .where(eq(referralActivity.referralId, r.id));
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(["put_on_hold", "hold_lifted"]),
    );
    const audits = await auditEventsAbout(database.db, r.id);
    const holdAudits = audits.filter((a) => a.action.startsWith("referral.hold_"));
    expect(holdAudits.map((a) => a.action).sort()).toEqual([
      "referral.hold_lifted",
      "referral.hold_placed",
    ]);
    expect(JSON.stringify(holdAudits)).not.toContain("hospital");
    expect(holdAudits.find((a) => a.action === "referral.hold_placed")?.details).toMatchObject({
      from: "in_review",
      to: "on_hold",
    });
  });

  it("gives an invited person's link back the time it was held", async () => {
    const t0 = new Date("2026-03-03T09:00:00Z");
    const { referral: r } = await createInvitedReferralForTest(database.db, {
      type: "management",
      now: t0,
    });
    const [before] = await database.db
      .select({ expiresAt: assessmentInvitation.expiresAt })
      .from(assessmentInvitation)
      .where(eq(assessmentInvitation.referralId, r.id));
    await putReferralOnHold(adminAt(t0), { referralId: r.id, reason });
    expect(await liftReferralHold(adminAt(addHours(t0, 72)), { referralId: r.id })).toBe("invited");
    const [after] = await database.db
      .select({ expiresAt: assessmentInvitation.expiresAt })
      .from(assessmentInvitation)
      .where(eq(assessmentInvitation.referralId, r.id));
    expect(after!.expiresAt.toISOString()).toBe(addHours(before!.expiresAt, 72).toISOString());
  });

  it("keeps a case held before anyone took it out of every doctor's queue, and shows the holder's held case with nothing to do", async () => {
    const t0 = new Date("2026-03-05T09:00:00Z");
    const first = await createDoctorForTest(database.db, "Dr Queue One");
    const second = await createDoctorForTest(database.db, "Dr Queue Two");
    const { referral: invited } = await createInvitedReferralForTest(database.db, {
      type: "management",
      now: t0,
    });
    // Sent by the person, taken by nobody: the open queue's kind of case.
    await database.db
      .update(referral)
      .set({ status: "submitted", startedAt: t0, submittedAt: t0, assignedDoctorId: null })
      .where(eq(referral.id, invited.id));
    const at = addHours(t0, 2);
    const queueOf = async (doctor: typeof first) =>
      (
        await listDoctorCases(doctorScope(database.db, doctor, at), {
          tab: "all",
          search: invited.reference,
          page: 1,
        })
      ).rows.map((c) => c.id);
    expect(await queueOf(first)).toEqual([invited.id]);

    // The lifecycle table gives doctors nothing to do on hold, and the queue is where a doctor
    // takes a case: a held case nobody took is in no doctor's list, cannot be opened or taken.
    await putReferralOnHold(adminAt(t0), { referralId: invited.id, reason });
    for (const doctor of [first, second]) {
      expect(await queueOf(doctor)).toEqual([]);
      const scope = doctorScope(database.db, doctor, at);
      await expect(
        getDoctorCase(scope, { referralId: invited.id, purpose: "queue" }),
      ).rejects.toSatisfy((e: unknown) => isDomainError(e, "not_found"));
      await expect(takeReferral(scope, invited.id)).rejects.toSatisfy((e: unknown) =>
        isDomainError(e, "conflict"),
      );
    }
    // Lifted, it is back in the queue for any doctor to take.
    expect(await liftReferralHold(adminAt(at), { referralId: invited.id })).toBe("submitted");
    expect(await queueOf(second)).toEqual([invited.id]);

    // A held case the doctor holds stays in their list, as on hold, with no action of theirs.
    const { referral: mine } = await referralInReviewForTest(database.db, {
      doctorId: first.userId,
      now: t0,
    });
    await putReferralOnHold(adminAt(t0), { referralId: mine.id, reason });
    const own = await listDoctorCases(doctorScope(database.db, first, at), {
      tab: "pending",
      search: mine.reference,
      page: 1,
    });
    expect(own.rows.map((c) => [c.id, c.status, c.mine])).toEqual([[mine.id, "on_hold", true]]);
    expect(doctorRowAction("on_hold")).toBeNull();
    expect(referralActions.filter((a) => canAct("on_hold", "doctor", a))).toEqual([]);
    const detail = await getDoctorCase(doctorScope(database.db, first, at), {
      referralId: mine.id,
      purpose: "case",
    });
    expect([detail.referral.status, detail.mine]).toEqual(["on_hold", true]);
    // Another doctor does not see it at all.
    await expect(
      getDoctorCase(doctorScope(database.db, second, at), {
        referralId: mine.id,
        purpose: "queue",
      }),
    ).rejects.toSatisfy((e: unknown) => isDomainError(e, "not_found"));
  });

  it("refuses anyone but an administrator, an empty or long reason, and a case not under way", async () => {
    const t0 = new Date("2026-03-04T09:00:00Z");
    const doctor = await createDoctorForTest(database.db, "Dr Refused");
    const invited = await createInvitedReferralForTest(database.db, {
      type: "management",
      now: t0,
    });
    const r = invited.referral;
    const employer = employerScopeForTest(database.db, invited.actor);
    for (const scope of [employer, doctorScope(database.db, doctor, t0)]) {
      await expect(putReferralOnHold(scope, { referralId: r.id, reason })).rejects.toSatisfy(
        (e: unknown) => isDomainError(e, "forbidden"),
      );
      await expect(liftReferralHold(scope, { referralId: r.id })).rejects.toSatisfy((e: unknown) =>
        isDomainError(e, "forbidden"),
      );
    }
    for (const bad of ["   ", "x".repeat(501)])
      await expect(
        putReferralOnHold(adminAt(t0), { referralId: r.id, reason: bad }),
      ).rejects.toSatisfy((e: unknown) => isDomainError(e, "invalid_input"));
    expect((await row(r.id)).status).toBe("invited");
    // Not on hold: nothing to lift.
    await expect(liftReferralHold(adminAt(t0), { referralId: r.id })).rejects.toSatisfy(
      (e: unknown) => isDomainError(e, "invalid_state"),
    );
    await database.db.update(referral).set({ status: "cancelled" }).where(eq(referral.id, r.id));
    await expect(putReferralOnHold(adminAt(t0), { referralId: r.id, reason })).rejects.toSatisfy(
      (e: unknown) => isDomainError(e, "invalid_state"),
    );
  });
});
