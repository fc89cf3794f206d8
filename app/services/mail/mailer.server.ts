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
 * message nodemailer would send and writes it as an .eml file, so nothing differs but the wire.
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
      const info = await transport.sendMail({ from: options.from, ...message });
      // Written whole, then renamed: a reader (or a crash) never sees half a message.
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      options.logger.info({ messageId: info.messageId, file }, "mail written to the outbox");
      return { messageId: info.messageId };
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
