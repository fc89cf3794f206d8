import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import type { DatabaseHandle } from "~/db/client.server.ts";
import { contactMessage, interestRegistration } from "~/db/schema/index.ts";
import {
  checkRateLimit,
  rateLimits,
  recordRateLimitAttempt,
} from "~/domain/kernel/rate-limit.server.ts";
import { registerJob } from "~/jobs/job.ts";
import { retryEnquiryEmailJob } from "~/jobs/retry-enquiry-email.ts";
import { createJobQueue, type JobQueue } from "~/services/jobs/queue.server.ts";
import { createLogger } from "~/services/logger.server.ts";
import { createMailer, type Mailer, type MailMessage } from "~/services/mail/mailer.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { deliverEnquiryEmail } from "./deliver-enquiry-email.server.ts";
import type { EnquiryServices } from "./enquiry-services.ts";
import { registerInterest } from "./register-interest.server.ts";
import { submitContactMessage } from "./submit-contact-message.server.ts";

/** A mail service that can be switched off, recording what it delivered. */
function switchableMailer(real: Mailer) {
  const sent: MailMessage[] = [];
  const state = { down: false };
  const mailer: Mailer = {
    async send(message) {
      if (state.down) throw new Error("connect ECONNREFUSED 127.0.0.1:587");
      sent.push(message);
      return real.send(message);
    },
  };
  return { mailer, sent, state };
}

describe("public enquiries", () => {
  let database: DatabaseHandle;
  let jobs: JobQueue;
  let dataDir: string;
  let services: EnquiryServices;
  let mail: ReturnType<typeof switchableMailer>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-enquiries-"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SERVICE_INBOX: "inbox@referoh.test",
    });
    const logger = createLogger("silent");
    database = await createTestDatabase();
    jobs = createJobQueue({
      pglite: database.pglite,
      connectionString: database.connectionString,
      logger,
    });
    mail = switchableMailer(
      createMailer({ from: config.MAIL_FROM, dataDir: config.dataDir, logger }),
    );
    services = {
      config,
      logger,
      database,
      mailer: mail.mailer,
      jobs,
      adapters: testAdapters({ mailer: mail.mailer, jobs }),
    };
    registerJob(services, retryEnquiryEmailJob);
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores a contact message and e-mails it to the service inbox", async () => {
    const result = await submitContactMessage(
      services,
      {
        name: "Priya Shah",
        email: "priya@example.co.uk",
        company: "Shah Logistics Ltd",
        message: "Do you cover drivers?",
      },
      { ip: "203.0.113.7" },
    );
    expect(result.emailSent).toBe(true);
    const [row] = await database.db
      .select()
      .from(contactMessage)
      .where(eq(contactMessage.id, result.id));
    expect(row).toMatchObject({
      name: "Priya Shah",
      email: "priya@example.co.uk",
      company: "Shah Logistics Ltd",
      message: "Do you cover drivers?",
      ip: "203.0.113.7",
      emailAttempts: 1,
      lastEmailError: null,
    });
    expect(row!.emailedAt).toBeInstanceOf(Date);
    const message = mail.sent.at(-1)!;
    expect(message).toMatchObject({
      to: "inbox@referoh.test",
      replyTo: "priya@example.co.uk",
      subject: "Contact form: Priya Shah (Shah Logistics Ltd)",
    });
    expect(message.text).toContain("Do you cover drivers?");
    // The embedded outbox received the real message.
    const files = fs.readdirSync(path.join(dataDir, "mail"));
    expect(files.length).toBeGreaterThan(0);
  });

  it("keeps the message when the mail service is down, and a job delivers it later", async () => {
    mail.state.down = true;
    const before = mail.sent.length;
    const result = await submitContactMessage(
      services,
      { name: "Tom Reed", email: "tom@example.org", message: "Please call me." },
      { ip: "203.0.113.8" },
      { startAfterSeconds: 2 },
    );
    expect(result.emailSent).toBe(false);
    const [stored] = await database.db
      .select()
      .from(contactMessage)
      .where(eq(contactMessage.id, result.id));
    expect(stored).toMatchObject({ emailedAt: null, emailAttempts: 1, company: null });
    expect(stored!.lastEmailError).toContain("ECONNREFUSED");

    // The service recovers before the queued retry runs.
    mail.state.down = false;
    await expect
      .poll(
        async () =>
          (
            await database.db
              .select({ emailedAt: contactMessage.emailedAt })
              .from(contactMessage)
              .where(eq(contactMessage.id, result.id))
          )[0]?.emailedAt,
        { timeout: 20_000, interval: 250 },
      )
      .toBeInstanceOf(Date);
    expect(mail.sent.length).toBe(before + 1);
    expect(mail.sent.at(-1)!.subject).toBe("Contact form: Tom Reed");
  });

  it("a retry that fails again records the attempt and throws, so pg-boss retries it", async () => {
    mail.state.down = true;
    const result = await registerInterest(
      services,
      {
        fullName: "Ana Lopes",
        email: "ana@example.org",
        companyName: "Lopes & Co",
        role: "HR Manager",
      },
      { ip: null },
      { startAfterSeconds: 3600 },
    );
    expect(result.emailSent).toBe(false);
    await expect(
      deliverEnquiryEmail(services, { kind: "interest", id: result.id }),
    ).rejects.toThrow("ECONNREFUSED");
    const [row] = await database.db
      .select()
      .from(interestRegistration)
      .where(eq(interestRegistration.id, result.id));
    expect(row).toMatchObject({ emailAttempts: 2, emailedAt: null, role: "HR Manager" });

    mail.state.down = false;
    expect(await deliverEnquiryEmail(services, { kind: "interest", id: result.id })).toBe("sent");
    // Never e-mailed twice.
    expect(await deliverEnquiryEmail(services, { kind: "interest", id: result.id })).toBe(
      "already-sent",
    );
    expect(mail.sent.at(-1)).toMatchObject({
      subject: "Interest registered: Lopes & Co",
      replyTo: "ana@example.org",
    });
  });

  it("limits how many enquiries one address can store in the window, across both forms", async () => {
    const ip = "198.51.100.23";
    const limited = async (client: string, now?: Date) =>
      (await checkRateLimit(database.db, "enquiry", client, now)).limited;
    for (let i = 0; i < rateLimits.enquiry.max - 2; i++)
      await recordRateLimitAttempt(database.db, "enquiry", ip);
    // Storing a submission on either form counts it.
    await submitContactMessage(
      services,
      { name: "N", email: "n@example.org", message: "m" },
      { ip },
      { startAfterSeconds: 3600 },
    );
    expect(await limited(ip)).toBe(false);
    await registerInterest(
      services,
      { fullName: "N", email: "n@example.org", companyName: "C", role: "R" },
      { ip },
      { startAfterSeconds: 3600 },
    );
    expect(await limited(ip)).toBe(true);
    expect(await limited("198.51.100.24")).toBe(false);
    const later = new Date(Date.now() + rateLimits.enquiry.windowMs + 60_000);
    expect(await limited(ip, later)).toBe(false);
  });
});
