import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { CIPHERTEXT_PREFIX } from "~/db/encryption/keyring.ts";
import { mailOutbox } from "~/db/schema/index.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { fileOutboxMailer, recordingMailer } from "~tests/support/mail.ts";
import {
  drainMailOutbox,
  OUTBOX_LEASE_MS,
  queueMail,
  sendQueuedMail,
} from "./mail-outbox.server.ts";
import { systemScope } from "./scope.ts";

/*
 * The mail outbox (docs/architecture.md §8, "The mail outbox"): a transition's messages exist
 * exactly when it commits, are sent once whoever sends them, and again only after a failed send.
 */
const database = testDatabaseForFile();
const publicUrl = "http://localhost:3000";
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const scopeAt = (now = new Date()) => systemScope(database.db, "test", testAdapters(), { now });
const drain = (mailer: Pick<Mailer, "send">, now = new Date()) =>
  drainMailOutbox(withAdapters(scopeAt(now), { mailer, publicUrl }), {}, (error) => {
    throw error;
  });
const rows = (ids: string[]) =>
  database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));

/** A message that names a case, as a doctor's or the on-call's e-mail may. */
const caseMessage = (to: string) => ({
  to,
  subject: "Case R-1001 needs you",
  text: "The person said they feel hopeless (planted phrase).",
});

describe("the mail outbox", () => {
  it("holds nothing of a transition that rolled back", async () => {
    let written: string[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        written = await queueMail(tx, { now: new Date() }, [caseMessage("rollback@outbox.test")]);
        throw new Error("the transition failed after queueing");
      }),
    ).rejects.toThrow("the transition failed");
    expect(written).toHaveLength(1);
    expect(await rows(written)).toEqual([]);
    const mailer = recordingMailer();
    expect(await sendQueuedMail(withAdapters(scopeAt(), { mailer, publicUrl }), written)).toEqual({
      sent: 0,
      failed: 0,
    });
    await drain(mailer);
    expect(mailer.sent.filter((m) => m.to === "rollback@outbox.test")).toEqual([]);
  });

  it("keeps a committed message sealed, and sends it once whoever comes first", async () => {
    const ids = await database.db.transaction((tx) =>
      queueMail(tx, { now: new Date() }, [caseMessage("once@outbox.test")]),
    );
    // At rest the message is ciphertext: neither the address nor the health text is readable.
    const raw = (await database.db.execute(
      sql`select message from mail_outbox where id = ${ids[0]}::uuid`,
    )) as unknown as { rows: { message: string }[] };
    expect(raw.rows[0]?.message.startsWith(CIPHERTEXT_PREFIX)).toBe(true);
    expect(raw.rows[0]?.message).not.toContain("hopeless");
    expect(raw.rows[0]?.message).not.toContain("once@outbox.test");

    const mailer = recordingMailer();
    await Promise.all([
      sendQueuedMail(withAdapters(scopeAt(), { mailer, publicUrl }), ids),
      drain(mailer),
      drain(mailer),
    ]);
    await drain(mailer);
    const mine = mailer.sent.filter((m) => m.to === "once@outbox.test");
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject(caseMessage("once@outbox.test"));
    const [row] = await rows(ids);
    expect(row?.sentAt).not.toBeNull();
    expect(row?.messageId).toBe(mine[0]?.messageId);
    expect(row?.messageId).toMatch(/^<\d{4}-.+@localhost>$/);
    // Sent, it is not kept.
    expect(row?.message).toBeNull();
  });

  it("retries a failed send when its next attempt is due, under the same Message-ID, once", async () => {
    const ids = await database.db.transaction((tx) =>
      queueMail(tx, { now: new Date() }, [caseMessage("retry@outbox.test")]),
    );
    const refused: string[] = [];
    const broken = {
      async send(message: { messageId?: string }): Promise<{ messageId: string }> {
        refused.push(message.messageId ?? "");
        throw new Error("connection refused");
      },
    };
    const first = await sendQueuedMail(withAdapters(scopeAt(), { mailer: broken, publicUrl }), ids);
    expect(first).toMatchObject({ sent: 0, failed: 1 });
    expect(await rows(ids)).toMatchObject([{ sentAt: null, attempts: 1 }]);

    const mailer = recordingMailer();
    await drain(mailer);
    expect(mailer.sent.filter((m) => m.to === "retry@outbox.test")).toEqual([]);
    const later = new Date(Date.now() + 2 * 60_000);
    await drain(mailer, later);
    await drain(mailer, new Date(later.getTime() + OUTBOX_LEASE_MS + 1000));
    const mine = mailer.sent.filter((m) => m.to === "retry@outbox.test");
    expect(mine).toHaveLength(1);
    expect(mine[0]?.messageId).toBe(refused[0]);
  });

  it("writes a keyed cause's messages once, however often it runs", async () => {
    const cause = { now: new Date(), key: "case-submitted:retried-job" };
    const messages = [caseMessage("a@outbox.test"), caseMessage("b@outbox.test")];
    const first = await database.db.transaction((tx) => queueMail(tx, cause, messages));
    const again = await database.db.transaction((tx) => queueMail(tx, cause, messages));
    expect(first).toHaveLength(2);
    expect(again).toEqual([]);
    const keyed = await database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(sql`${mailOutbox.dedupeKey} like 'case-submitted:retried-job:%'`);
    expect(keyed).toHaveLength(2);
  });

  it("writes a message once to the file outbox though a crash made it be sent again", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-mail-outbox-"));
    dataDirs.push(dataDir);
    const mailer = fileOutboxMailer(dataDir);
    const ids = await database.db.transaction((tx) =>
      queueMail(tx, { now: new Date() }, [caseMessage("crash@outbox.test")]),
    );
    // The transport takes the message, and the sender dies before it can mark the row sent.
    const dying = {
      async send(message: Parameters<Mailer["send"]>[0]): Promise<{ messageId: string }> {
        await mailer.send(message);
        throw new Error("the process died before marking the row sent");
      },
    };
    expect(
      await sendQueuedMail(withAdapters(scopeAt(), { mailer: dying, publicUrl }), ids),
    ).toMatchObject({
      failed: 1,
    });
    await drain(mailer, new Date(Date.now() + 2 * 60_000));
    // The drain sends the other tests' waiting rows too: only this message's files count.
    const files = fs
      .readdirSync(path.join(dataDir, "mail"))
      .filter((f) => f.endsWith(".eml"))
      .filter((f) =>
        fs.readFileSync(path.join(dataDir, "mail", f), "utf8").includes("To: crash@outbox.test"),
      );
    expect(files).toHaveLength(1);
    expect((await rows(ids))[0]?.sentAt).not.toBeNull();
  });
});
