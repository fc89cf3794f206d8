import { formatLongDate } from "~/lib/dates.ts";

/**
 * What a version of a report is, for the doctor's copy of it (docs/decisions/0011-report-audiences.md:
 * the doctor opens every version): printed under the title and in every page's footer of a PDF
 * that is not the frozen release, so a copy of an earlier or unreleased text can never pass for
 * the report the employer received.
 */
interface VersionMark {
  /** Short, for the footer and the title: "Version 1 · superseded". */
  label: string;
  /** A sentence saying what became of this version. */
  text: string;
}

interface VersionState {
  version: number;
  /** The report's version now: a lower number here was replaced by a later one. */
  currentVersion: number;
  /** When the version after this one was started; set when it was superseded. */
  supersededAt?: Date | null;
  subjectDecision: "approved" | "correction" | "withheld" | null;
}

/** Whether a later version replaced this one. */
export function isSuperseded(v: Pick<VersionState, "version" | "currentVersion">): boolean {
  return v.version < v.currentVersion;
}

/**
 * The mark of a version that is not the released PDF. A superseded version was never released
 * (the person asked for a correction, and the doctor's next version replaced it), unless it was
 * released and then amended.
 */
export function versionMark(v: VersionState): VersionMark {
  const notReleased = "It was not released to the employer.";
  // Released, then amended (docs/architecture.md §4, "Amending a released report"): the employer
  // received this one; the employer's copy changes only when the person approves the amendment.
  if (isSuperseded(v) && v.subjectDecision === "approved")
    return {
      label: `Version ${v.version} · released, later amended`,
      text: "The person approved this version and it was released to the employer. A later version amends it.",
    };
  if (isSuperseded(v)) {
    const when = v.supersededAt ? ` on ${formatLongDate(v.supersededAt)}` : "";
    return {
      label: `Version ${v.version} · superseded`,
      text: `This version was superseded by version ${v.version + 1}${when}. ${notReleased} It is the text the person read, kept for the record.`,
    };
  }
  switch (v.subjectDecision) {
    case "correction":
      return {
        label: `Version ${v.version} · correction asked`,
        text: `The person asked for a correction to this version. ${notReleased}`,
      };
    case "withheld":
      return {
        label: `Version ${v.version} · consent withheld`,
        text: `The person withheld consent to release this version. ${notReleased}`,
      };
    case "approved":
      return {
        label: `Version ${v.version} · approved`,
        text: "The person approved this version. This copy is the doctor's; the employer has the released PDF.",
      };
    default:
      return {
        label: `Version ${v.version} · not released`,
        text: "This version is with the person for review. It has not been released to the employer.",
      };
  }
}
