import { z } from "zod";

/**
 * The peer-review audit sample's form (SEQOHS asks an OH service to audit its reports): a
 * quarter and how many released reports of each doctor to draw at random.
 */
export const auditSampleSchema = z.object({
  quarter: z
    .string({ message: "Choose a quarter." })
    .regex(/^\d{4}-Q[1-4]$/, "Choose a quarter, such as 2026-Q1."),
  perDoctor: z.coerce
    .number({ message: "Give how many reports per doctor." })
    .int("Give a whole number of reports.")
    .min(1, "Draw at least 1 report per doctor.")
    .max(20, "Draw 20 reports per doctor or fewer."),
});

/** The quarter's first instant and the next quarter's (UTC). */
export function quarterBounds(quarter: string): { start: Date; end: Date } {
  const [year, q] = quarter.split("-Q").map(Number);
  const start = new Date(Date.UTC(year ?? 1970, ((q ?? 1) - 1) * 3, 1));
  const end = new Date(Date.UTC(year ?? 1970, (q ?? 1) * 3, 1));
  return { start, end };
}

/** The last eight quarters up to the one `now` is in, newest first, for the form's choice. */
export function recentQuarters(now: Date): string[] {
  const index = now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3);
  return Array.from({ length: 8 }, (_, i) => {
    const at = index - i;
    return `${Math.floor(at / 4)}-Q${(at % 4) + 1}`;
  });
}
