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
}

export interface Mailer {
  /** Delivers now; throws when the transport refuses or cannot be reached. */
  send(message: MailMessage): Promise<{ messageId: string }>;
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
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      options.logger.info({ messageId: info.messageId, file }, "mail written to the outbox");
      return { messageId: info.messageId };
    },
  };
}
