import type { SafetyAssessment, SafetyReason } from "./assess-safety.ts";

export type SafetyLevel = SafetyAssessment["level"];

const RANK: Record<SafetyLevel, number> = { none: 0, review: 1, urgent: 2 };

/**
 * Flags are sticky: the stored reasons plus the new ones (one per code and question), and the
 * higher of the two levels. Changing an answer never clears a flag the doctor has not seen.
 */
export function mergeSafetyFlags(
  stored: { level: SafetyLevel; reasons: readonly SafetyReason[] },
  computed: SafetyAssessment,
): { level: SafetyLevel; reasons: SafetyReason[]; showCrisisSupport: boolean } {
  const reasons = [...stored.reasons];
  for (const r of computed.reasons)
    if (!reasons.some((s) => s.code === r.code && s.linkId === r.linkId && s.level === r.level))
      reasons.push(r);
  const level = RANK[computed.level] > RANK[stored.level] ? computed.level : stored.level;
  return { level, reasons, showCrisisSupport: level !== "none" };
}

/** The stored flags in the shape the drafter takes. */
export function toSafetyAssessment(stored: {
  level: SafetyLevel;
  reasons: readonly SafetyReason[];
}): SafetyAssessment {
  return {
    level: stored.level,
    urgent: stored.level === "urgent",
    showCrisisSupport: stored.level !== "none",
    reasons: [...stored.reasons],
  };
}
