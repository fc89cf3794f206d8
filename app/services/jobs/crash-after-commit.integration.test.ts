import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import type { DatabaseHandle } from "~/db/client.server.ts";
import { installDataKeyring } from "~/db/encryption/keyring.ts";
import { questionnaireResponse, referral } from "~/db/schema/index.ts";
import { giveConsent } from "~/domain/assessments/give-consent.server.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { SAFETY_ALERT_JOB, saveAnswers } from "~/domain/assessments/save-answers.server.ts";
import { resolveDataKeyring } from "~/services/encryption/data-keyring.server.ts";
import { withAdapters } from "~tests/support/adapters.ts";
import { createInvitedReferralForTest, subjectScopeForTest } from "~tests/support/assessments.ts";
import { startServerProcess } from "~tests/support/server-process.ts";
import { createTestDatabase, testDatabaseOwnerUrl } from "~tests/support/test-database.ts";

/*
 * A job queued in the transaction of the change that causes it survives a crash right after the
 * commit (docs/decisions/0010-hardening-at-the-edge.md): a server process flags a case urgent,
 * which queues the on-call alert e-mail with it, and is killed with SIGKILL before its workers
 * can take the job; a new server process then sends that e-mail, once. Real processes on a real
 * server: only PostgreSQL lets two processes share the database one after the other while this
 * test watches it (the embedded engine's transactional queueing is runtime.integration.test.ts's).
 */
const serverUrl = process.env.DATABASE_URL;
const onCall = "on-call.crash-test@referoh.test";

describe.skipIf(!serverUrl)("a server killed between the commit and the e-mail", () => {
  let database: DatabaseHandle;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-crash-"));
    // The keyring the server processes will find in DATA_DIR, as `npm start` keeps it.
    installDataKeyring(resolveDataKeyring(loadConfig({ DATA_DIR: dataDir })).keyring);
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A server process on the test database and DATA_DIR; `reached` when it prints `line`. */
  function serverProcess(mode: "crash" | "serve", line: string, extra: NodeJS.ProcessEnv = {}) {
    const owner = testDatabaseOwnerUrl(database);
    const { child, reached, exited } = startServerProcess("job-process.ts", mode, {
      DATA_DIR: dataDir,
      CLINICAL_ONCALL_EMAIL: onCall,
      DATABASE_URL: database.connectionString,
      // With two roles the server migrates as the owner and runs as the app role.
      ...(owner ? { DATABASE_MIGRATION_URL: owner } : {}),
      ...extra,
    });
    children.push(child);
    return { child, reached: reached(line), exited };
  }

  async function alertJobs() {
    const result = (await database.db.execute(
      sql`select state from pgboss.job where name = ${SAFETY_ALERT_JOB}`,
    )) as unknown as { rows: { state: string }[] };
    return result.rows.map((r) => r.state);
  }

  function outbox(): string[] {
    const dir = path.join(dataDir, "mail");
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8").replace(/=\r?\n/g, ""));
  }

  it("sends the on-call alert once, from the next process", { timeout: 120_000 }, async () => {
    // The person has started the assessment and reached PHQ-9 item 9.
    const { token, referral: flagged } = await createInvitedReferralForTest(database.db, {
      type: "management",
    });
    const origin = { ip: "203.0.113.41", requestId: "crash-setup" };
    const opened = await openAssessmentLink(database.db, { token, origin });
    if (!opened.ok) throw new Error(opened.reason);
    await giveConsent(subjectScopeForTest(database.db, opened.link));
    const noJobs = {
      send: async () => {
        throw new Error("no job is due before item 9");
      },
    };
    for (const [step, answers] of [
      ["condition.categories", { "condition.categories": ["mental-health"] }],
      ["condition.description", { "condition.description": "Low mood since the spring." }],
    ] as const)
      await saveAnswers(
        withAdapters(subjectScopeForTest(database.db, opened.link), { jobs: noJobs }),
        { step, answers },
      );

    // The first server commits the urgent flag with its alert job, and dies right there.
    const first = serverProcess("crash", "committed", { CRASH_TOKEN: token });
    await first.reached;
    first.child.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");

    const [row] = await database.db.select().from(referral).where(eq(referral.id, flagged.id));
    expect(row?.urgent).toBe(true);
    expect(await alertJobs()).toEqual(["created"]);
    expect(outbox()).toEqual([]);

    // The next server works the job it finds waiting.
    const second = serverProcess("serve", "ready");
    await second.reached;
    await expect.poll(alertJobs, { timeout: 60_000, interval: 250 }).toEqual(["completed"]);
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);

    // The set-up's invitation was committed with its outbox row and never sent: the next process
    // sends it too (docs/decisions/0010-hardening-at-the-edge.md). The alert goes once.
    const onCallLine = new RegExp(`^To: ${onCall.replaceAll(".", "\\.")}$`, "m");
    const mails = outbox().filter((m) => onCallLine.test(m));
    expect(mails).toHaveLength(1);
    expect(outbox().filter((m) => !onCallLine.test(m))).toEqual([
      expect.stringMatching(/has asked you to complete a health assessment/),
    ]);
    expect(mails[0]).toContain(flagged.reference);
    const [response] = await database.db
      .select({ alertedAt: questionnaireResponse.safetyAlertedAt })
      .from(questionnaireResponse)
      .where(eq(questionnaireResponse.referralId, flagged.id));
    expect(response?.alertedAt).toBeInstanceOf(Date);
  });
});
