import { doctorSubject } from "~/domain/doctor/doctor-emails.ts";
import { type ServiceEmail, serviceEmail } from "~/lib/service-email.ts";
import { formatConsultationTime } from "./london-time.ts";

/*
 * Every consultation e-mail names the service, the reference and the times, and nothing about
 * anyone's health: e-mail is not a safe place for it, and the subject's inbox may be shared.
 */

const list = (times: Date[]) => times.map((t) => `• ${formatConsultationTime(t)}`).join("\n");

export function offeredTimesEmail(input: {
  subjectName: string;
  doctorName: string;
  reference: string;
  times: Date[];
  link: string;
  kind: "offer" | "no_show" | "rebook";
}): ServiceEmail {
  const opening =
    input.kind === "no_show"
      ? "We are sorry we missed you at your video consultation. Your doctor would like to offer you a new time."
      : input.kind === "rebook"
        ? `${input.doctorName} needs to move your video consultation and has offered new times. Your earlier time is no longer booked.`
        : `${input.doctorName}, the occupational health doctor looking at your referral, would like to speak with you by video. The call lasts about 30 minutes.`;
  return serviceEmail(
    `Choose a time for your video consultation (${input.reference})`,
    [
      `Dear ${input.subjectName},`,
      opening,
      `The times offered (UK time):\n${list(input.times)}`,
      "Please pick the one that suits you, or ask for other times, through your personal link below. Do not forward it.",
      `Reference: ${input.reference}`,
    ],
    { label: "Choose a time", url: input.link },
  );
}

export function bookedEmail(input: {
  recipientName: string;
  reference: string;
  start: Date;
  joinUrl: string;
  forDoctor: boolean;
  manageUrl?: string;
  /** The case carries an urgent safety flag: the doctor's copy says so first. */
  urgent?: boolean;
}): ServiceEmail {
  return serviceEmail(
    doctorSubject(
      `Video consultation booked: ${formatConsultationTime(input.start)}`,
      input.forDoctor && (input.urgent ?? false),
    ),
    [
      `Dear ${input.recipientName},`,
      `Your video consultation is booked for ${formatConsultationTime(input.start)}. It lasts about 30 minutes. The calendar invitation is attached.`,
      input.forDoctor
        ? "Join from the case page or the link below; you will need to be signed in with two-factor authentication."
        : "Join from a quiet, private place on a device with a camera and microphone. The room opens 30 minutes before the start. Nothing is recorded.",
      ...(input.manageUrl ? [`To cancel or change the time: ${input.manageUrl}`] : []),
      `Reference: ${input.reference}`,
    ],
    { label: "Join the video consultation", url: input.joinUrl },
  );
}

export function cancelledEmail(input: {
  recipientName: string;
  reference: string;
  start: Date | null;
  by: "doctor" | "subject";
  forDoctor: boolean;
  otherTimesRequested: boolean;
  urgent?: boolean;
}): ServiceEmail {
  const when = input.start ? ` on ${formatConsultationTime(input.start)}` : "";
  const what = input.otherTimesRequested
    ? input.forDoctor
      ? `The video consultation${when} is released: the person being assessed asked for other times. Please offer new times from the case.`
      : `Your video consultation${when} is released, as you asked for other times. Your doctor will offer new times by e-mail.`
    : input.by === "doctor"
      ? `The video consultation${when} has been cancelled by the doctor.`
      : `The video consultation${when} has been cancelled${input.forDoctor ? " by the person being assessed" : " at your request"}.`;
  return serviceEmail(
    doctorSubject(
      `Video consultation ${input.otherTimesRequested ? "released" : "cancelled"} (${input.reference})`,
      input.forDoctor && (input.urgent ?? false),
    ),
    [`Dear ${input.recipientName},`, what, `Reference: ${input.reference}`],
  );
}

export function otherTimesRequestedEmail(input: {
  doctorName: string;
  reference: string;
  caseUrl: string;
  urgent?: boolean;
}): ServiceEmail {
  return serviceEmail(
    doctorSubject(`Other consultation times requested (${input.reference})`, input.urgent ?? false),
    [
      `Dear ${input.doctorName},`,
      "None of the times you offered suit the person being assessed. Please offer other times from the case.",
      `Reference: ${input.reference}`,
    ],
    { label: "Open the case", url: input.caseUrl },
  );
}

export function reminderEmail(input: {
  recipientName: string;
  reference: string;
  start: Date;
  joinUrl: string;
  lead: "24h" | "1h";
  /** Set only for the doctor's reminder of a case with an urgent safety flag. */
  urgent?: boolean;
}): ServiceEmail {
  return serviceEmail(
    doctorSubject(
      `Reminder: video consultation ${input.lead === "1h" ? "in one hour" : "tomorrow"}`,
      input.urgent ?? false,
    ),
    [
      `Dear ${input.recipientName},`,
      `This is a reminder of your video consultation on ${formatConsultationTime(input.start)}.`,
      `Reference: ${input.reference}`,
    ],
    { label: "Join the video consultation", url: input.joinUrl },
  );
}
