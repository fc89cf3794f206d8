import fs from "node:fs";
import { isNull } from "drizzle-orm";
import { loadConfig } from "~/config.server.ts";
import { mailOutbox, member, user } from "~/db/schema/index.ts";
import { grantCredits } from "~/domain/billing/credit-ledger.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { createPreEmploymentReferral } from "~/domain/referrals/create-pre-employment-referral.server.ts";
import { inviteSubject } from "~/domain/referrals/invite-subject.server.ts";
import { expireUnpaidReferralsJob } from "~/jobs/expire-unpaid-referrals.ts";
import { startRuntime } from "~/runtime.server.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";

/*
 * A server process of its own for app/domain/referrals/invitation-outbox-crash.integration.test.ts:
 * the whole runtime (database, job queue and its workers, file outbox under DATA_DIR) configured
 * from the environment as `npm start` is.
 *
 *   submit: 20 referrals paid by credits submitted at once, each followed by its invitation as
 *           the employer's request sends it. The moment the CRASH_AFTER-th submission commits,
 *           the process freezes (the others wherever they are), and the test kills it there
 *           with SIGKILL. Each commit prints "committed <id>".
 *   expire: 20 referrals left unpaid for 8 days, then the hourly expiry job, which expires each in
 *           a transaction of its own that writes the employer's notice; frozen the same way at
 *           the CRASH_AFTER-th expiry.
 *   serve:  runs the job workers until the outbox is empty, prints "drained", and shuts down as
 *           the server does on SIGTERM.
 */
const mode = process.argv[2];
const runtime = await startRuntime(loadConfig());
const { db } = runtime.database;
const crashAfter = Number(process.env.CRASH_AFTER ?? 5);

/** From now on, the crashAfter-th transaction to commit freezes the process for good. */
function freezeAfterCommits() {
  let commits = 0;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    const result = await transaction(...args);
    commits++;
    if (commits === crashAfter) {
      // Frozen for good, synchronously: nothing after this commit runs, in any submission.
      fs.writeSync(1, "frozen\n");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    }
    return result;
  }) as typeof db.transaction;
}

function candidate(i: number) {
  return {
    candidateName: `Candidate ${i}`,
    candidateEmail: `candidate-${i}@kill.test`,
    jobRole: "Warehouse Operative" as const,
    drivingRequired: false,
    nightShifts: false,
    loneWorking: false,
    safetyCritical: false,
    conditionalOfferDate: "2027-01-04",
    additionalNotes: "",
  };
}

if (mode === "expire") {
  const organisationName = "Lapsed Kill Test Ltd";
  const organisationId = await insertOrganisationForTest(db, { name: organisationName });
  const userId = "kill-test-lapsed-owner";
  await db.insert(user).values({
    id: userId,
    name: "Lou Lapsed",
    email: "owner@lapsed.test",
    emailVerified: true,
    role: "employer",
  });
  await db.insert(member).values({ organisationId, userId, role: "owner" });
  const employer = { userId, organisationId, organisationName };
  const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
  for (let i = 0; i < 20; i++)
    await createPreEmploymentReferral(employerScopeForTest(db, employer, eightDaysAgo), {
      provider: "demo",
      input: candidate(i),
    });
  freezeAfterCommits();
  fs.writeSync(1, "expiring\n");
  await expireUnpaidReferralsJob.handle(
    systemScope(db, expireUnpaidReferralsJob.name, runtime.adapters),
    runtime,
    {},
  );
  throw new Error(`every expiry finished before the ${crashAfter}th commit froze the job`);
} else if (mode === "submit") {
  const organisationName = "Kill Test Ltd";
  const employer = {
    userId: "kill-test-owner",
    organisationId: await insertOrganisationForTest(db, { name: organisationName }),
    organisationName,
  };
  await grantCredits(db, {
    organisationId: employer.organisationId,
    credits: 20,
    reason: "adjustment",
    now: new Date(),
  });
  freezeAfterCommits();
  fs.writeSync(1, "submitting\n");
  await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const scope = employerScopeForTest(db, employer, new Date(), runtime.adapters);
      const { referral } = await createPreEmploymentReferral(scope, {
        provider: "demo",
        input: candidate(i),
      });
      fs.writeSync(1, `committed ${referral.id}\n`);
      await inviteSubject(scope, runtime, { referralId: referral.id, kind: "initial" });
    }),
  );
  throw new Error(`all 20 submissions finished before the ${crashAfter}th commit froze them`);
} else if (mode === "serve") {
  process.on("SIGTERM", () => {
    void runtime.shutdown().then(() => process.exit(0));
  });
  for (;;) {
    const waiting = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(isNull(mailOutbox.sentAt));
    if (waiting.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fs.writeSync(1, "drained\n");
} else {
  throw new Error(`unknown mode: ${mode}`);
}
