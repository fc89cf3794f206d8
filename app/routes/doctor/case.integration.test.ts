import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server.ts";
import { auditEvent, referral } from "~/db/schema/index.ts";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { createDoctorForTest } from "~tests/support/consultations.ts";
import { formPost, routeContext, signedInAsDoctor, thrown } from "~tests/support/routes.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { action, loader } from "./case.tsx";

/*
 * The doctor's case page (GET and POST /doctor/cases/:referralId) in-process: the read is the
 * domain's, authorised for this doctor and audited as the case page's; taking goes through the
 * state table and on to the editor; another doctor's case is not found, and cannot be taken.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function contextOf(doctorId: string) {
  return signedInAsDoctor(routeContext(database, "127.0.0.1", []), {
    id: doctorId,
    name: "Dr Page",
  });
}

/** A case its person has sent: in the queue, nobody's yet. */
async function queuedCase() {
  const { referral: made } = await createInvitedReferralForTest(database.db, {
    type: "pre_employment",
    jobRole: "Office Worker",
  });
  const now = new Date();
  await database.db
    .update(referral)
    .set({ status: "submitted", startedAt: now, submittedAt: now, updatedAt: now })
    .where(eq(referral.id, made.id));
  return made;
}

const read = (referralId: string, doctorId: string) =>
  loader({
    request: new Request(`http://localhost/doctor/cases/${referralId}`),
    params: { referralId },
    context: contextOf(doctorId),
  } as unknown as Parameters<typeof loader>[0]);

const take = (referralId: string, doctorId: string) =>
  action({
    request: formPost(`http://localhost/doctor/cases/${referralId}`, {
      intent: "take",
      referralId,
    }),
    params: { referralId },
    context: contextOf(doctorId),
  } as unknown as Parameters<typeof action>[0]);

describe("/doctor/cases/:referralId", () => {
  it("shows a queued case to a doctor and audits the read as the case page's", async () => {
    const doctor = await createDoctorForTest(database.db, "Dr Queue");
    const made = await queuedCase();
    const { detail } = await read(made.id, doctor.userId);
    expect(detail).toMatchObject({ access: "queue", mine: false });
    expect(detail.referral.reference).toBe(made.reference);
    const events = await database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, "doctor.case_read"), eq(auditEvent.objectId, made.id)));
    expect(events).toHaveLength(1);
    expect(events[0]?.actorId).toBe(doctor.userId);
    expect(events[0]?.details).toMatchObject({ purpose: "case", access: "queue" });
  });

  it("takes the case on to the editor; then another doctor finds nothing there and cannot take it", async () => {
    const first = await createDoctorForTest(database.db, "Dr First");
    const second = await createDoctorForTest(database.db, "Dr Second");
    const made = await queuedCase();
    const taken = (await take(made.id, first.userId)) as Response;
    expect(taken.status).toBe(302);
    expect(taken.headers.get("location")).toBe(`/doctor-referrals/${made.id}/report`);
    expect((await read(made.id, first.userId)).detail).toMatchObject({ mine: true });

    const refused = await thrown(read(made.id, second.userId));
    expect((refused as { init?: { status?: number } }).init?.status).toBe(404);
    // Another doctor got there first: a conflict, answered 409 with the domain's words.
    expect(await take(made.id, second.userId)).toMatchObject({
      data: { ok: false, message: "This case is not available to take." },
      init: { status: 409 },
    });
    const [row] = await database.db.select().from(referral).where(eq(referral.id, made.id));
    expect(row).toMatchObject({ status: "in_review", assignedDoctorId: first.userId });
  });
});
