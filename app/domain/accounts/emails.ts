import type { MailMessage } from "~/services/mail/mailer.server.ts";

/*
 * The account e-mails, plain text (every client shows it; nothing is loaded from elsewhere).
 * Links carry a one-time token; the messages never contain a password.
 */

const signature = "\n\nReferOH\nOnline occupational health for UK employers";

export function verificationEmail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: "Verify your email address for ReferOH",
    text: `Hello ${name},\n\nThank you for registering your company with ReferOH. Please verify your email address by opening this link:\n\n${link}\n\nThe link works for 24 hours. Once verified, you can sign in.\n\nIf you did not register, you can ignore this message.${signature}`,
  };
}

export function existingAccountEmail(
  to: string,
  name: string,
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  return {
    to,
    subject: "You already have a ReferOH account",
    text: `Hello ${name},\n\nSomeone (probably you) tried to register with this email address, but it already has a ReferOH account, so nothing was changed.\n\nSign in: ${loginUrl}\nForgotten your password? Reset it: ${resetUrl}\n\nIf this was not you, you can ignore this message; your account is safe.${signature}`,
  };
}

export function resetPasswordEmail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: "Reset your ReferOH password",
    text: `Hello ${name},\n\nWe received a request to reset the password of your ReferOH account. Choose a new password here:\n\n${link}\n\nThe link works once, for 1 hour. Resetting your password signs you out everywhere.\n\nIf you did not ask for this, you can ignore this message; your password has not changed.${signature}`,
  };
}

export function doctorInvitationEmail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: "Your invitation to the ReferOH Medical Professional Portal",
    text: `Dear ${name},\n\nAn administrator has given you access to the ReferOH Medical Professional Portal. Set your password here:\n\n${link}\n\nThe link works once, for 7 days. When you first sign in you will set up two-factor authentication with an authenticator app.${signature}`,
  };
}

export function passwordChangedEmail(to: string, name: string): MailMessage {
  return {
    to,
    subject: "Your ReferOH password was changed",
    text: `Hello ${name},\n\nThe password of your ReferOH account was just changed. If this was not you, reset your password at once and contact us.${signature}`,
  };
}
