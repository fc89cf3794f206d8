import type { Mailer, MailMessage } from "~/services/mail/mailer.server.ts";

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
