import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { assessmentInvitation, mailOutbox } from "~/db/schema/index.ts";
import { grantCredits } from "~/domain/billing/credit-ledger.server.ts";
import { drainMailOutbox, OUTBOX_LEASE_MS } from "~/domain/kernel/mail-outbox.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { fileOutboxMailer, recordingMailer } from "~tests/support/mail.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { createPreEmploymentReferral } from "./create-pre-employment-referral.server.ts";
import { sendInvitationNow, sendQueuedInvitation } from "./invitation-outbox.server.ts";

/*
 * The invitation outbox (docs/decisions/0010-hardening-at-the-edge.md): written with the
 * transition, sent once whoever sends it, and again only if the send failed.
 */
const database = testDatabaseForFile();
const publicUrl = "http://localhost:3000";
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function placedWithCredits(email: string) {
  const organisationName = "Outbox Ltd";
  const employer = {
    userId: "outbox-owner",
    organisationId: await insertOrganisationForTest(database.db, { name: organisationName }),
    organisationName,
  };
  await grantCredits(database.db, {
    organisationId: employer.organisationId,
    credits: 1,
    reason: "adjustment",
    now: new Date(),
  });
  const scope = employerScopeForTest(database.db, employer);
  const { referral } = await createPreEmploymentReferral(scope, {
    provider: "demo",
    input: {
      candidateName: "Olu Outbox",
      candidateEmail: email,
      jobRole: "Driver",
      drivingRequired: true,
      nightShifts: false,
      loneWorking: false,
      safetyCritical: false,
      conditionalOfferDate: "2027-01-04",
      additionalNotes: "",
    },
  });
  return { referral, scope };
}

const rowsOf = (referralId: string) =>
  database.db.select().from(mailOutbox).where(eq(mailOutbox.referralId, referralId));
const drain = (mailer: Mailer, now = new Date()) =>
  drainMailOutbox(
    withAdapters(systemScope(database.db, "test", testAdapters(), { now }), { mailer, publicUrl }),
    { referral_invitation: sendQueuedInvitation },
    (e) => {
      throw e;
    },
  );

describe("the invitation outbox", () => {
  it("is written by the placement's own transaction and sent once by whoever comes first", async () => {
    const { referral, scope } = await placedWithCredits("first@outbox.test");
    const [row] = await rowsOf(referral.id);
    expect(row).toMatchObject({ kind: "referral_invitation", sentAt: null, attempts: 0 });
    const mailer = recordingMailer();
    await drain(mailer);
    expect(mailer.sent.map((m) => m.to)).toEqual(["first@outbox.test"]);
    expect(mailer.sent[0]?.messageId).toMatch(/^<\d{4}-.+@localhost>$/);
    // The request that placed it comes too late, and so does the next pass.
    await sendInvitationNow(withAdapters(scope, { mailer, publicUrl }), referral.id);
    await drain(mailer);
    expect(mailer.sent).toHaveLength(1);
    expect((await rowsOf(referral.id))[0]?.messageId).toBe(mailer.sent[0]?.messageId);
  });

  it("lets only one of a request and the worker send, when they run at once", async () => {
    const { referral, scope } = await placedWithCredits("race@outbox.test");
    const mailer = recordingMailer();
    await Promise.all([
      sendInvitationNow(withAdapters(scope, { mailer, publicUrl }), referral.id),
      drain(mailer),
      drain(mailer),
    ]);
    expect(mailer.sent.filter((m) => m.to === "race@outbox.test")).toHaveLength(1);
  });

  it("retries a failed send later, with a new link, the failed one revoked", async () => {
    const { referral, scope } = await placedWithCredits("retry@outbox.test");
    const broken = {
      async send(): Promise<{ messageId: string }> {
        throw new Error("connection refused");
      },
    };
    await expect(
      sendInvitationNow(withAdapters(scope, { mailer: broken, publicUrl }), referral.id),
    ).rejects.toThrow("connection refused");
    const [failed] = await rowsOf(referral.id);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    const links = await database.db
      .select()
      .from(assessmentInvitation)
      .where(eq(assessmentInvitation.referralId, referral.id));
    expect(links).toHaveLength(1);
    expect(links[0]?.revokedAt).not.toBeNull();
    // Not before its next attempt is due; then once.
    const mailer = recordingMailer();
    await drain(mailer);
    expect(mailer.sent).toHaveLength(0);
    await drain(mailer, new Date(Date.now() + 2 * 60_000));
    expect(mailer.sent.map((m) => m.to)).toEqual(["retry@outbox.test"]);
  });

  it("writes a message once to the file outbox though a crash made it be sent again", async () => {
    const { referral } = await placedWithCredits("crash@outbox.test");
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-outbox-"));
    dataDirs.push(dataDir);
    const mailer = fileOutboxMailer(dataDir);
    await drain(mailer, new Date());
    // As if the process had died after writing the message and before marking it sent.
    await database.db
      .update(mailOutbox)
      .set({ sentAt: null })
      .where(eq(mailOutbox.referralId, referral.id));
    await drain(mailer, new Date(Date.now() + OUTBOX_LEASE_MS + 1000));
    const files = fs.readdirSync(path.join(dataDir, "mail")).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, "mail", files[0]!), "utf8")).toContain(
      "crash@outbox.test",
    );
    // The second attempt's link never went out: it is revoked, the first one still works.
    const links = await database.db
      .select({ revoked: isNotNull(assessmentInvitation.revokedAt) })
      .from(assessmentInvitation)
      .where(eq(assessmentInvitation.referralId, referral.id))
      .orderBy(sql`${assessmentInvitation.createdAt}, ${assessmentInvitation.id}`);
    expect(links.map((l) => l.revoked).sort()).toEqual([false, true]);
  });
});
