/*
 * The disclosure gate's record (docs/decisions/0016-disclosure-gate.md): each clinical statement
 * the doctor marked "disclose with the person's consent" in an employer-visible field, stored
 * sealed on the signed version, and the person's decision on it. Release needs every item agreed;
 * an item the person asked to remove can only leave the report, never be released.
 */

/** What the detector found (find-clinical-statements.server.ts); the last two can never be marked. */
export const FINDING_KINDS = [
  "condition",
  "symptom",
  "medicine",
  "procedure",
  "clinical-term",
  "score",
  "diagnosis",
  "third-party",
  "copied",
] as const;
export type DisclosureKind = (typeof FINDING_KINDS)[number];

export type DisclosureDecision = "agreed" | "removal_asked";

export interface DisclosureItem {
  /** Stable within its version: `d1`, `d2`… in the order the fields are read. */
  id: string;
  /** The editor's field id the item stands in: `summary`, `adjustments`, `followUp`… */
  field: string;
  kind: DisclosureKind;
  /** The detector's key for the thing disclosed: the same for every form of it. */
  key: string;
  /** The words as the doctor wrote them. */
  text: string;
  /** The sentence they stand in, so the person reads them in context. */
  sentence: string;
  decision?: DisclosureDecision;
  /** ISO time of the person's decision. */
  decidedAt?: string;
}

/** A mark the doctor posts from the editor: the field and the finding's key. */
export function disclosureMark(field: string, key: string): string {
  return `${field}|${key}`;
}

/** The editor's words for each field, in the person's list and the doctor's messages. */
const DISCLOSURE_FIELD_LABELS: Record<string, string> = {
  summary: "the summary",
  timescale: "the timescale",
  adjustments: "the recommended adjustments",
  recommendations: "the recommendations",
  equalityActOpinion: "the Equality Act opinion",
  formalProcesses: "the section on formal processes",
  followUp: "the follow-up section",
  fitnessOpinion: "the opinion on fitness",
  diagnosis: "the diagnosis",
  prognosis: "the prognosis",
  planWhat: "the further assessment needed",
  planByWhom: "who will carry out the further assessment",
  planRestrictions: "the restrictions until then",
  drivingStandard: "the driving standard",
  drivingOpinion: "the opinion on driving",
};

export function disclosureFieldLabel(field: string): string {
  return DISCLOSURE_FIELD_LABELS[field] ?? "the report";
}

export const DISCLOSURE_KIND_LABELS: Record<DisclosureKind, string> = {
  condition: "a health condition",
  symptom: "a symptom",
  medicine: "a medicine",
  procedure: "a treatment or procedure",
  "clinical-term": "a clinical term",
  score: "a screening score or severity",
  diagnosis: "the diagnosis",
  "third-party": "someone else's health",
  copied: "words copied from the employee's answers",
};

/** Whether every item of a version has the person's agreement (none: nothing to agree). */
export function allAgreed(items: readonly DisclosureItem[] | null | undefined): boolean {
  return (items ?? []).every((item) => item.decision === "agreed");
}

/** The words of each agreed item, once each, for the consent statement of the released report. */
export function agreedItemTexts(items: readonly DisclosureItem[] | null | undefined): string[] {
  return [
    ...new Set((items ?? []).filter((i) => i.decision === "agreed").map((i) => i.text.trim())),
  ];
}
