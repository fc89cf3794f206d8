import { createLogger } from "~/services/logger.server.ts";
import { createMailer, type Mailer, type MailMessage } from "~/services/mail/mailer.server.ts";

/** A mailer that keeps every message it is given, in order, for a test to read. */
export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      return { messageId: `message-${sent.length}` };
    },
  };
}

/** The mailer a server with this DATA_DIR runs without SMTP: .eml files in its file outbox. */
export function fileOutboxMailer(dataDir: string): Mailer {
  return createMailer({
    from: "ReferOH <no-reply@referoh.test>",
    dataDir,
    logger: createLogger("silent"),
  });
}
