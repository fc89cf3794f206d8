import {
  assessSafety,
  type SafetyAssessment,
  safetyOfReasons,
} from "~/domain/assessments/assess-safety.ts";
import { scoreGad7, scorePhq9 } from "~/domain/assessments/score-instruments.ts";
import { draftManagement } from "./draft-management.ts";
import { draftPreEmployment } from "./draft-pre-employment.ts";
import type { Drafter, DraftInput, DraftReport, DraftStatement } from "./drafter.ts";
import { ResponseView } from "./response-view.ts";

// 2: every employer-visible field is pre-filled from statements written for the employer.
const RULES_DRAFTER_VERSION = "2";

const CAVEATS = [
  "Drafted by the rules drafter from the answers alone; it is not a clinical opinion. The occupational health physician reviews and edits every statement, and decides the outcome.",
  "Never shown to the employer or the employee.",
];

/** Raised flags stay raised: the stored flags and the flags of the final answers, merged. */
function mergeSafety(
  computed: SafetyAssessment,
  stored: SafetyAssessment | undefined,
): SafetyAssessment {
  if (!stored) return computed;
  const reasons = [...computed.reasons];
  for (const r of stored.reasons)
    if (!reasons.some((c) => c.code === r.code && c.linkId === r.linkId)) reasons.push(r);
  return safetyOfReasons(reasons);
}

function safetyNotes(safety: SafetyAssessment, view: ResponseView): DraftStatement[] {
  if (safety.level === "none") return [];
  const basis = view.basis(...safety.reasons.map((r) => r.linkId));
  const reasons = safety.reasons.map((r) => r.message).join(" ");
  if (safety.urgent)
    return [
      {
        text: `URGENT (safety): ${reasons} Crisis support (Samaritans 116 123, NHS 111, 999) was shown and the clinical on-call was alerted. Contact the person today, before anything else in this case.`,
        basis,
      },
    ];
  return [{ text: `Read first (safety): ${reasons}`, basis }];
}

/**
 * The deterministic, offline drafter (docs/architecture.md §2): the same input always gives the same draft,
 * with no network and no model. It answers only the questions the employer selected (a
 * pre-employment certificate always has an outcome and adjustments), cites for each statement
 * the answers it rests on, and puts any safety flag first.
 */
export const rulesDrafter: Drafter = {
  id: "rules",
  model: "rules",
  version: RULES_DRAFTER_VERSION,
  async draft(input: DraftInput): Promise<DraftReport> {
    const view = new ResponseView(input.definition, input.answers);
    const safety = mergeSafety(assessSafety(input.definition, input.answers), input.safety);
    const phq9 = scorePhq9(input.definition, input.answers);
    const gad7 = scoreGad7(input.definition, input.answers);
    const base = {
      drafter: { id: "rules", model: "rules", version: RULES_DRAFTER_VERSION },
      referralType: input.referralType,
      urgent: safety.urgent,
      prominentNotes: safetyNotes(safety, view),
      scores: {
        phq9: phq9?.total != null && phq9.band ? { total: phq9.total, band: phq9.band } : null,
        gad7: gad7?.total != null && gad7.band ? { total: gad7.total, band: gad7.band } : null,
      },
    };
    if (input.referralType === "management") {
      const sections = draftManagement(input, view, { phq9, gad7 }, safety);
      return { ...base, ...sections, caveats: [...CAVEATS] };
    }
    const { caveats, ...sections } = draftPreEmployment(input, view, safety);
    return { ...base, ...sections, caveats: [...CAVEATS, ...caveats] };
  },
};
