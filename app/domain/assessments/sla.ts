import { addHours } from "date-fns";

/** Members 24 hours, pay per referral 48 hours, counted from the completed questionnaire (docs/architecture.md §9). */
export function slaHours(memberTurnaround: boolean): 24 | 48 {
  return memberTurnaround ? 24 : 48;
}

export function slaDueAt(submittedAt: Date, memberTurnaround: boolean): Date {
  return addHours(submittedAt, slaHours(memberTurnaround));
}
