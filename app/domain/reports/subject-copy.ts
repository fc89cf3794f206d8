/** The person can download their released report from their link page for this many days. */
export const SUBJECT_COPY_DAYS = 30;

/** The last moment the person's copy can be downloaded, or null before release. */
export function subjectCopyUntil(releasedAt: Date | null): Date | null {
  return releasedAt
    ? new Date(releasedAt.getTime() + SUBJECT_COPY_DAYS * 24 * 60 * 60 * 1000)
    : null;
}

export function subjectCopyAvailable(releasedAt: Date | null, now: Date): boolean {
  const until = subjectCopyUntil(releasedAt);
  return until !== null && now.getTime() < until.getTime();
}

/** The doctor's reason for declining a correction, shown to the person. */
export const DECLINE_REASON_MAX = 2000;

/** The person's statement after a declined correction: their words, attached, never edited. */
export const SUBJECT_STATEMENT_MAX = 2000;
