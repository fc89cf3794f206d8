import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger.server.ts";
import { createMailer } from "./mailer.server.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function fileOutbox() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-mail-"));
  dirs.push(dataDir);
  return createMailer({
    from: "ReferOH <no-reply@referoh.co.uk>",
    dataDir,
    logger: createLogger("silent"),
  });
}

// Longer than a quoted-printable line (76), with "=" in it: the .eml breaks it and writes =3D.
const link =
  "http://localhost:3000/reset-password?token=Zq8sVh0yN3r2c4bW1xK9mT7pL5dF6gJ0aE2uR8oI4nY&purpose=invite";

describe("the file outbox", () => {
  it("writes a plain-text copy beside each .eml: To, Subject and Date on top, links whole", async () => {
    const mailer = fileOutbox();
    await mailer.send({
      to: "dr.ines@example.org",
      subject: "Medical Professional Portal: set your password",
      text: `Hello,\n\nSet your password here:\n${link}\n\nReferOH`,
      attachments: [
        { filename: "consultation.ics", content: "BEGIN:VCALENDAR", contentType: "text/calendar" },
      ],
    });
    const files = fs.readdirSync(mailer.outboxDir!).sort();
    expect(files).toHaveLength(2);
    const [eml, txt] = files as [string, string];
    expect(eml).toMatch(/\.eml$/);
    expect(txt).toBe(eml.replace(/\.eml$/, ".txt"));

    const raw = fs.readFileSync(path.join(mailer.outboxDir!, eml), "utf8");
    // What the copy is for: the wire format does not hold the link on one line.
    expect(raw).not.toContain(link);
    const date = /^Date: (.+)$/m.exec(raw)?.[1];

    const copy = fs.readFileSync(path.join(mailer.outboxDir!, txt), "utf8");
    const blank = copy.indexOf("\n\n");
    const head = copy.slice(0, blank);
    const body = copy.slice(blank + 2);
    expect(head.split("\n")).toEqual([
      "To: dr.ines@example.org",
      "Subject: Medical Professional Portal: set your password",
      `Date: ${new Date(date!).toUTCString()}`,
      "Attachments: consultation.ics",
    ]);
    expect(copy.split("\n")).toContain(link);
    expect(body).toBe(`Hello,\n\nSet your password here:\n${link}\n\nReferOH\n`);
    expect(copy).not.toContain("=3D");
  });

  it("writes a message with an id of its own once, with one copy", async () => {
    const mailer = fileOutbox();
    const message = {
      to: "someone@example.org",
      subject: "Once",
      text: "Body",
      messageId: "<2026-11-28T10-00-00-000Z-abc123@referoh.co.uk>",
    };
    await mailer.send(message);
    expect(await mailer.send(message)).toMatchObject({ duplicate: true });
    expect(fs.readdirSync(mailer.outboxDir!).sort()).toEqual([
      "2026-11-28T10-00-00-000Z-abc123.eml",
      "2026-11-28T10-00-00-000Z-abc123.txt",
    ]);
  });
});
