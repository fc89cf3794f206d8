import { eq, sql } from "drizzle-orm";
import { contactMessage, interestRegistration } from "~/db/schema/index.ts";
import type { MailMessage } from "~/services/mail/mailer.server.ts";
import type { EnquiryRef, EnquiryServices } from "./enquiry-services.ts";

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

type Composed = { message: MailMessage; emailedAt: Date | null };

/** An enquiry as the service inbox receives it: one line of subject, a reply goes to the sender. */
function toInbox(
  to: string,
  row: { email: string; emailedAt: Date | null },
  subject: string,
  lines: string[],
): Composed {
  return {
    emailedAt: row.emailedAt,
    message: { to, replyTo: row.email, subject: oneLine(subject), text: lines.join("\n") },
  };
}

async function compose(services: EnquiryServices, ref: EnquiryRef): Promise<Composed | null> {
  const { db } = services.database;
  const to = services.config.SERVICE_INBOX;
  if (ref.kind === "contact") {
    const [row] = await db.select().from(contactMessage).where(eq(contactMessage.id, ref.id));
    if (!row) return null;
    return toInbox(to, row, `Contact form: ${row.name}${row.company ? ` (${row.company})` : ""}`, [
      "A message was sent through the contact form on the website.",
      "",
      `Name: ${row.name}`,
      `Email: ${row.email}`,
      `Company: ${row.company ?? "not given"}`,
      `Received: ${row.createdAt.toISOString()}`,
      `Reference: ${row.id}`,
      "",
      row.message,
      "",
      "Reply to this e-mail to answer the sender directly.",
    ]);
  }
  const [row] = await db
    .select()
    .from(interestRegistration)
    .where(eq(interestRegistration.id, ref.id));
  if (!row) return null;
  return toInbox(to, row, `Interest registered: ${row.companyName}`, [
    "Someone registered their interest on the website.",
    "",
    `Full name: ${row.fullName}`,
    `Email: ${row.email}`,
    `Company: ${row.companyName}`,
    `Role: ${row.role}`,
    `Received: ${row.createdAt.toISOString()}`,
    `Reference: ${row.id}`,
  ]);
}

/**
 * E-mails one stored enquiry to the service inbox and records the outcome. Idempotent: an
 * enquiry already e-mailed is not sent again. Throws when the mail service refuses, after
 * recording the attempt, so a job retries it.
 */
export async function deliverEnquiryEmail(
  services: EnquiryServices,
  ref: EnquiryRef,
): Promise<"sent" | "already-sent" | "missing"> {
  const composed = await compose(services, ref);
  if (!composed) return "missing";
  if (composed.emailedAt) return "already-sent";
  const table = ref.kind === "contact" ? contactMessage : interestRegistration;
  const { db } = services.database;
  try {
    await services.mailer.send(composed.message);
  } catch (error) {
    await db
      .update(table)
      .set({
        emailAttempts: sql`${table.emailAttempts} + 1`,
        lastEmailError: String((error as Error)?.message ?? error).slice(0, 500),
      })
      .where(eq(table.id, ref.id));
    throw error;
  }
  await db
    .update(table)
    .set({
      emailedAt: new Date(),
      emailAttempts: sql`${table.emailAttempts} + 1`,
      lastEmailError: null,
    })
    .where(eq(table.id, ref.id));
  return "sent";
}
