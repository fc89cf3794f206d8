import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../logger.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Calendar invitations and the like; never health data. */
  attachments?: { filename: string; content: string; contentType: string }[];
  /**
   * A Message-ID of our own, the same on every attempt at one message (the outbox's): the file
   * outbox writes such a message once, and an SMTP relay or inbox can recognise a repeat.
   */
  messageId?: string;
}

export interface Mailer {
  /**
   * Delivers now; throws when the transport refuses or cannot be reached. `duplicate`: a message
   * with this Message-ID was already delivered, and this one was not.
   */
  send(message: MailMessage): Promise<{ messageId: string; duplicate?: boolean }>;
  /** Where the embedded outbox writes, when no SMTP server is configured. */
  outboxDir?: string;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise the embedded outbox renders the exact RFC 5322
 * message nodemailer would send and writes it as an .eml file, so nothing differs but the wire,
 * with a plain-text .txt copy beside it to read (`readableCopy`).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ messageId: info.messageId }, "mail sent over SMTP");
        return { messageId: info.messageId };
      },
    };
  }

  const outboxDir = path.join(options.dataDir, "mail");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    outboxDir,
    async send(message) {
      await fs.mkdir(outboxDir, { recursive: true });
      // A message with an id of ours is one file named after it, written once (outbox ids start
      // with their time, so the names still sort by time).
      const ownId = /^<([\w-]+)@[\w.-]+>$/.exec(message.messageId ?? "")?.[1];
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${ownId ?? `${stamp}-${randomUUID().slice(0, 8)}`}.eml`);
      if (ownId && (await exists(file))) return { messageId: message.messageId!, duplicate: true };
      const date = new Date();
      const info = await transport.sendMail({ from: options.from, date, ...message });
      // Written whole, then renamed: a reader (or a crash) never sees half a message. The
      // readable copy goes first, so a message's .eml (what marks it written) always has one.
      await writeWhole(file.replace(/\.eml$/, ".txt"), readableCopy(message, date));
      await writeWhole(file, info.message as Buffer);
      options.logger.info({ messageId: info.messageId, file }, "mail written to the outbox");
      return { messageId: info.messageId };
    },
  };
}

async function writeWhole(file: string, content: string | Buffer) {
  await fs.writeFile(`${file}.part`, content);
  await fs.rename(`${file}.part`, file);
}

/**
 * The message as a person reads it in a text editor, beside its .eml: the .eml is the exact
 * message on the wire, quoted-printable, so its links are broken across lines with "=3D" in them.
 * This is the text body as written, links whole, under the headers that say which message it is.
 */
function readableCopy(message: MailMessage, date: Date): string {
  const attachments = message.attachments?.map((a) => a.filename) ?? [];
  return [
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    `Date: ${date.toUTCString()}`,
    ...(attachments.length > 0 ? [`Attachments: ${attachments.join(", ")}`] : []),
    "",
    message.text.replace(/\r\n/g, "\n").trimEnd(),
    "",
  ].join("\n");
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
