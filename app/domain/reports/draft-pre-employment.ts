import type { SafetyAssessment } from "~/domain/assessments/assess-safety.ts";
import { JOB_ROLE_LABELS } from "~/domain/assessments/select-pre-employment-modules.ts";
import {
  type Claim,
  evaluate,
  type Rule,
  type RuleTrace,
  say,
  statementOf,
  tell,
} from "./draft-rules.ts";
import type {
  DraftReport,
  DraftStatement,
  PreEmploymentDraftInput,
  PreEmploymentOutcome,
} from "./drafter.ts";
import { OUTCOME_LABELS } from "./drafter.ts";
import { joinList, type ResponseView } from "./response-view.ts";

/*
 * Pre-employment rules. Each answer that matters produces a finding with a severity; the suggested
 * outcome is the most severe finding. The rules never suggest "unfit": declining a candidate on
 * health grounds needs a doctor's judgement (and usually a conversation with the candidate).
 * Findings that point to a statutory or professional standard (DVLA, UKHSA) name it, so the
 * doctor knows which standard to check.
 */

type Severity = "info" | "adjustment" | "further-assessment";
interface Finding extends DraftStatement {
  severity: Severity;
}

interface PreEmploymentCase {
  input: PreEmploymentDraftInput;
  v: ResponseView;
  /** A Group 2 (lorry, bus) licence, or unsure: the stricter DVLA standard applies. */
  group2: boolean;
  dvla: string;
}

/** What a rule adds: a finding with its severity, recommendations, caveats for the doctor. */
interface Added {
  finding?: [Severity, Claim];
  adjustments?: Claim[];
  caveat?: string;
}
type PreEmploymentRule = Rule<PreEmploymentCase, Added>;

const yes =
  (linkId: string) =>
  ({ v }: PreEmploymentCase) =>
    v.isYes(linkId);
/**
 * Answered with something other than the answers that need nothing from OH (immune, two doses,
 * no disorder): a question left blank is not a finding.
 */
const answeredOtherThan =
  (linkId: string, ...nothingNeeded: string[]) =>
  ({ v }: PreEmploymentCase) => {
    const code = v.code(linkId);
    return Boolean(code) && !nothingNeeded.includes(code!);
  };
/** The person's own words, or "not described". */
const described = (v: ResponseView, linkId: string) => v.quote(linkId) ?? "not described";

const RANK: Record<Severity, number> = { info: 0, adjustment: 1, "further-assessment": 2 };

const EMPLOYER_OUTCOME: Record<PreEmploymentOutcome, string> = {
  fit: "Fit for the role.",
  "fit-with-adjustments": "Fit for the role with the adjustments recommended.",
  "further-assessment-needed":
    "Further assessment is needed before occupational health can advise on fitness for the role.",
  unfit: "Unfit for the role.",
};

const ADJUSTMENT_TYPES: Record<string, string> = {
  hours: "Changes to working hours or shift pattern.",
  breaks: "Extra or longer breaks.",
  equipment: "Special equipment or software (Access to Work may help fund it).",
  workstation: "Changes to the workstation or seating.",
  access: "Changes to access to the building or parking.",
  duties: "Changes to some duties.",
  appointments: "Time off for medical appointments.",
  communication: "Changes to how instructions or information are given.",
  environment: "A quieter or adapted place to work.",
  remote: "Some home working, where the role allows it.",
  "phased-start": "A gradual start.",
};

/*
 * The rules, in the order the draft lists their findings and recommendations. Each names the
 * answer it reads; a finding's severity sets the suggested outcome (the most severe wins).
 */
export const PRE_EMPLOYMENT_RULES: readonly PreEmploymentRule[] = [
  // ---- core ----
  {
    id: "core.condition",
    when: yes("core.condition"),
    add: ({ v }) => {
      const effect = v.code("core.condition.effect");
      return {
        finding: [
          effect === "none"
            ? "info"
            : effect === "some-tasks"
              ? "adjustment"
              : "further-assessment",
          say(
            `Reports a health condition or disability (${described(v, "core.condition.details")}); expected effect on the job: ${v.display("core.condition.effect")?.toLowerCase() ?? "not stated"}.`,
            "core.condition",
            "core.condition.details",
            "core.condition.effect",
          ),
        ],
      };
    },
  },
  {
    id: "core.treatment",
    when: yes("core.treatment"),
    add: ({ v }) => ({
      finding: [
        "info",
        say(
          `Current or awaited treatment: ${described(v, "core.treatment.details")}.`,
          "core.treatment",
          "core.treatment.details",
        ),
      ],
    }),
  },
  {
    id: "core.mental-health",
    when: yes("core.mental-health"),
    add: ({ v }) => ({
      finding: [
        "info",
        say(
          `Reports a current or recent mental health condition${v.has("core.mental-health.details") ? `: ${v.quote("core.mental-health.details")}` : "."} Not in itself a bar to work; consider supportive adjustments if requested.`,
          "core.mental-health",
          "core.mental-health.details",
        ),
      ],
    }),
  },
  {
    id: "core.work-related",
    when: yes("core.work-related"),
    add: ({ v }) => ({
      finding: [
        "info",
        say(
          `Previous work-related ill health: ${described(v, "core.work-related.details")}. Check whether health surveillance applies to this role's exposures (for example skin, breathing, noise or vibration).`,
          "core.work-related",
          "core.work-related.details",
        ),
      ],
    }),
  },

  // ---- display screen ----
  {
    id: "dse.eyes",
    when: yes("dse.eyes"),
    add: () => ({
      finding: ["adjustment", say("Eye symptoms at the screen.", "dse.eyes")],
      adjustments: [
        tell(
          "An eye and eyesight test under the Display Screen Equipment Regulations, and screen glasses if needed.",
          "dse.eyes",
        ),
      ],
    }),
  },
  {
    id: "dse.musculoskeletal",
    when: yes("dse.musculoskeletal"),
    add: ({ v }) => ({
      finding: [
        "adjustment",
        say(
          `Musculoskeletal symptoms made worse by computer work: ${described(v, "dse.musculoskeletal.details")}.`,
          "dse.musculoskeletal",
          "dse.musculoskeletal.details",
        ),
      ],
      adjustments: [
        tell(
          "A workstation (display screen equipment) assessment before or soon after starting.",
          "dse.musculoskeletal",
        ),
      ],
    }),
  },
  {
    id: "dse.equipment",
    when: yes("dse.equipment"),
    add: ({ v }) => ({
      finding: [
        "adjustment",
        say(
          `Uses or needs special equipment or software: ${described(v, "dse.equipment.details")}.`,
          "dse.equipment",
          "dse.equipment.details",
        ),
      ],
      adjustments: [
        tell(
          "Provide the equipment or software the candidate uses; Access to Work may help fund it.",
          "dse.equipment",
          "dse.equipment.details",
        ),
      ],
    }),
  },

  // ---- manual handling ----
  {
    id: "handling.musculoskeletal",
    when: yes("handling.musculoskeletal"),
    add: ({ v }) => {
      const limits = v.code("handling.limits");
      return {
        finding: [
          limits === "significant"
            ? "further-assessment"
            : limits === "some"
              ? "adjustment"
              : "info",
          say(
            `Back, joint or muscle problem (${described(v, "handling.musculoskeletal.details")}); limits physical tasks: ${v.display("handling.limits")?.toLowerCase() ?? "not stated"}.`,
            "handling.musculoskeletal",
            "handling.musculoskeletal.details",
            "handling.limits",
          ),
        ],
        adjustments:
          limits === "some" || limits === "significant"
            ? [
                tell(
                  "An individual manual handling risk assessment, with lifting aids and task rotation where needed.",
                  "handling.musculoskeletal",
                  "handling.limits",
                ),
              ]
            : [],
      };
    },
  },
  {
    id: "handling.other",
    when: yes("handling.other"),
    add: ({ v }) => ({
      finding: [
        "adjustment",
        say(
          `Condition that heavy lifting could worsen: ${described(v, "handling.other.details")}.`,
          "handling.other",
          "handling.other.details",
        ),
      ],
      adjustments: [
        tell(
          "Take this condition into account in the manual handling risk assessment.",
          "handling.other",
          "handling.other.details",
        ),
      ],
    }),
  },

  // ---- healthcare worker (UKHSA Green Book, health clearance guidance) ----
  {
    id: "hcw.hepatitis-b",
    when: answeredOtherThan("hcw.hepatitis-b", "immune"),
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `Hepatitis B: ${v.display("hcw.hepatitis-b")!.toLowerCase()}. OH to complete the vaccination course and check the antibody response (Green Book, chapter 18) before work with exposure to blood or body fluids; non-responders need advice on post-exposure management.`,
          "hcw.hepatitis-b",
        ),
      ],
    }),
  },
  {
    id: "hcw.mmr",
    when: answeredOtherThan("hcw.mmr", "two-doses", "immune-test"),
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `Measles and rubella immunity not shown (${v.display("hcw.mmr")!.toLowerCase()}). Offer MMR to complete two doses, or check antibodies, before patient contact.`,
          "hcw.mmr",
        ),
      ],
    }),
  },
  {
    id: "hcw.varicella",
    when: ({ v }) => ["no", "unknown"].includes(v.code("hcw.varicella") ?? ""),
    add: () => ({
      finding: [
        "further-assessment",
        say(
          "No history of chickenpox or shingles and no evidence of immunity: check varicella antibodies and vaccinate if non-immune before patient contact.",
          "hcw.varicella",
        ),
      ],
    }),
  },
  {
    id: "hcw.tb-symptoms",
    when: yes("hcw.tb-symptoms"),
    add: () => ({
      finding: [
        "further-assessment",
        say(
          "Reports symptoms that could suggest active tuberculosis. Clinical assessment (and a chest X-ray if indicated) is needed before starting any patient contact.",
          "hcw.tb-symptoms",
        ),
      ],
    }),
  },
  {
    id: "hcw.tb-exposure",
    when: yes("hcw.tb-exposure"),
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `Has lived in a high-incidence country or had contact with TB (BCG: ${v.display("hcw.bcg")?.toLowerCase() ?? "not stated"}). TB screening (interferon-gamma release assay) is recommended for new healthcare workers from high-incidence countries.`,
          "hcw.tb-exposure",
          "hcw.bcg",
        ),
      ],
    }),
  },
  {
    id: "hcw.epp",
    when: ({ v }) =>
      ["yes", "unsure"].includes(v.code("hcw.epp") ?? "") &&
      v.code("hcw.epp-clearance") !== "cleared",
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `Exposure-prone procedures ${v.code("hcw.epp") === "yes" ? "are" : "may be"} part of the role and there is no EPP clearance. Identified validated sample tests for hepatitis B, hepatitis C and HIV are needed before any EPP work; the candidate can start non-EPP work meanwhile if otherwise cleared.`,
          "hcw.epp",
          "hcw.epp-clearance",
        ),
      ],
    }),
  },
  {
    id: "hcw.skin",
    when: yes("hcw.skin"),
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `Skin condition of the hands or forearms, or a glove or hand-hygiene reaction: ${described(v, "hcw.skin.details")}. Needs OH skin review: broken skin affects infection control and may need adjustments.`,
          "hcw.skin",
          "hcw.skin.details",
        ),
      ],
      adjustments: [
        tell(
          "Suitable gloves (non-latex if needed) and skin care products, with regular skin checks.",
          "hcw.skin",
          "hcw.skin.details",
        ),
      ],
    }),
  },

  // ---- driving (DVLA Assessing fitness to drive) ----
  {
    id: "driving.licence-held",
    when: ({ v }) => v.has("driving.licence-held") && !v.isYes("driving.licence-held"),
    add: () => ({
      finding: [
        "info",
        say(
          "Does not hold a full licence valid in the UK for the vehicles in this role; the employer must check the licence before any driving (not a medical matter).",
          "driving.licence-held",
        ),
      ],
    }),
  },
  {
    id: "driving.licence-medical",
    when: yes("driving.licence-medical"),
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `The DVLA has previously restricted, refused or revoked a licence on medical grounds: ${described(v, "driving.licence-medical.details")}.`,
          "driving.licence-medical",
          "driving.licence-medical.details",
        ),
      ],
    }),
  },
  {
    id: "driving.seizures",
    when: yes("driving.seizures"),
    add: ({ v, group2, dvla }) => ({
      finding: [
        "further-assessment",
        say(
          `History of seizures, most recently ${v.display("driving.seizures.last") ?? "at an unstated date"}. Check against the ${dvla} for epilepsy and seizures${group2 ? " (Group 2 needs 10 years seizure-free without anti-seizure medication)" : ""}.`,
          "driving.seizures",
          "driving.seizures.last",
          "driving.seizures.details",
        ),
      ],
    }),
  },
  {
    id: "driving.blackouts",
    when: yes("driving.blackouts"),
    add: ({ v, dvla }) => ({
      finding: [
        "further-assessment",
        say(
          `Loss of consciousness or blackout in the last 5 years: ${described(v, "driving.blackouts.details")}. Check the cause against the ${dvla}.`,
          "driving.blackouts",
          "driving.blackouts.details",
        ),
      ],
    }),
  },
  {
    id: "driving.diabetes",
    when: ({ v }) => ["insulin", "tablets-hypo-risk"].includes(v.code("driving.diabetes") ?? ""),
    add: ({ v, group2 }) => {
      const severe = v.number("driving.hypo-severe") ?? 0;
      const aware = v.code("driving.hypo-awareness") === "yes";
      const concern = group2 || severe > 0 || !aware;
      return {
        finding: [
          concern ? "further-assessment" : "info",
          say(
            `Diabetes treated with ${v.code("driving.diabetes") === "insulin" ? "insulin" : "medication that can cause hypoglycaemia"}; ${severe} severe hypo${severe === 1 ? "" : "s"} in 12 months; hypo awareness: ${v.display("driving.hypo-awareness")?.toLowerCase() ?? "not stated"}. ${group2 ? "Group 2 driving on these medicines needs full awareness, no severe hypo in 12 months and documented glucose monitoring." : "Check against the Group 1 standard (no more than one severe hypo while awake in 12 months, adequate awareness, glucose testing before and during driving)."}`,
            "driving.diabetes",
            "driving.hypo-severe",
            "driving.hypo-awareness",
          ),
        ],
      };
    },
  },
  {
    id: "driving.sleepiness",
    when: yes("driving.sleepiness"),
    add: () => ({
      finding: [
        "further-assessment",
        say(
          "Reports excessive sleepiness that could affect driving, or falling asleep at the wheel. Must not drive until assessed.",
          "driving.sleepiness",
        ),
      ],
    }),
  },
  {
    id: "driving.sleep-disorder",
    when: answeredOtherThan("driving.sleep-disorder", "no"),
    add: ({ v }) => ({
      finding: [
        v.code("driving.sleep-controlled") === "controlled" ? "info" : "further-assessment",
        say(
          `Sleep disorder (${v.display("driving.sleep-disorder")!.toLowerCase()}): ${v.display("driving.sleep-controlled")?.toLowerCase() ?? "control not stated"}.`,
          "driving.sleep-disorder",
          "driving.sleep-controlled",
        ),
      ],
    }),
  },
  {
    id: "driving.number-plate",
    when: ({ v }) => v.has("driving.number-plate") && !v.isYes("driving.number-plate"),
    add: () => ({
      finding: [
        "further-assessment",
        say(
          "Cannot read a number plate at 20 metres, the DVLA's minimum eyesight standard: an optometric assessment is needed before driving.",
          "driving.number-plate",
        ),
      ],
    }),
  },
  {
    id: "driving.vision",
    when: yes("driving.vision"),
    add: ({ v, group2, dvla }) => ({
      finding: [
        "further-assessment",
        say(
          `Condition affecting eyesight or visual field: ${described(v, "driving.vision.details")}. Check against the ${dvla} for vision${group2 ? " (Group 2 excludes sight in one eye only)" : ""}.`,
          "driving.vision",
          "driving.vision.details",
        ),
      ],
    }),
  },
  {
    id: "driving.heart",
    when: yes("driving.heart"),
    add: ({ v, dvla }) => ({
      finding: [
        "further-assessment",
        say(
          `Heart condition: ${described(v, "driving.heart.details")}. Check against the ${dvla} for cardiovascular disorders.`,
          "driving.heart",
          "driving.heart.details",
        ),
      ],
    }),
  },
  {
    id: "driving.stroke",
    when: yes("driving.stroke"),
    add: ({ v, dvla }) => ({
      finding: [
        "further-assessment",
        say(
          `Stroke or TIA: ${described(v, "driving.stroke.details")}. Check against the ${dvla}.`,
          "driving.stroke",
          "driving.stroke.details",
        ),
      ],
    }),
  },
  {
    id: "driving.drowsy-medication",
    when: yes("driving.drowsy-medication"),
    add: () => ({
      finding: [
        "further-assessment",
        say(
          "Takes medication that can cause drowsiness or slow reactions: review the medicine and its timing before driving duties.",
          "driving.drowsy-medication",
        ),
      ],
    }),
  },
  {
    id: "driving.other",
    when: yes("driving.other"),
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `Other condition relevant to driving: ${described(v, "driving.other.details")}.`,
          "driving.other",
          "driving.other.details",
        ),
      ],
    }),
  },
  {
    id: "driving.licence-group",
    when: ({ v, group2 }) => group2 && v.has("driving.licence-group"),
    add: () => ({
      caveat:
        "Group 2 (lorry, bus) licence holders need a DVLA D4 medical examination; this questionnaire does not replace it.",
    }),
  },

  // ---- safety-critical ----
  {
    id: "safety-critical.sudden-incapacity",
    when: yes("safety-critical.sudden-incapacity"),
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `Seizure, blackout, collapse or sudden dizziness or confusion in the last 5 years: ${described(v, "safety-critical.sudden-incapacity.details")}.`,
          "safety-critical.sudden-incapacity",
          "safety-critical.sudden-incapacity.details",
        ),
      ],
    }),
  },
  {
    id: "safety-critical.sleepiness",
    when: yes("safety-critical.sleepiness"),
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `Excessive daytime sleepiness or a sleep disorder: ${described(v, "safety-critical.sleepiness.details")}.`,
          "safety-critical.sleepiness",
          "safety-critical.sleepiness.details",
        ),
      ],
    }),
  },
  {
    id: "safety-critical.medication",
    when: yes("safety-critical.medication"),
    add: () => ({
      finding: [
        "further-assessment",
        say(
          "Takes medication that can cause drowsiness or affect concentration.",
          "safety-critical.medication",
        ),
      ],
    }),
  },
  {
    id: "safety-critical.senses",
    when: yes("safety-critical.senses"),
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `Eyesight or hearing not fully corrected: ${described(v, "safety-critical.senses.details")}.`,
          "safety-critical.senses",
          "safety-critical.senses.details",
        ),
      ],
    }),
  },
  {
    id: "role.safety-critical",
    when: ({ input }) => input.role.safetyCritical,
    add: () => ({
      caveat:
        "ReferOH does not carry out statutory medicals for regulated safety-critical work (for example rail, aviation or offshore); if this role is regulated, its own medical standard applies.",
    }),
  },

  // ---- night work (Working Time Regulations 1998 reg. 7) ----
  {
    id: "night.condition",
    when: yes("night.condition"),
    add: ({ v }) => {
      const conditions = v.codes("night.conditions");
      const serious = conditions.some((c) =>
        ["diabetes", "heart", "sleep", "epilepsy"].includes(c),
      );
      return {
        finding: [
          serious ? "further-assessment" : "adjustment",
          say(
            `Condition that night work may affect: ${joinList(v.optionDisplays("night.conditions", conditions))}${v.has("night.condition.details") ? ` (${v.quote("night.condition.details")})` : ""}.`,
            "night.condition",
            "night.conditions",
            "night.condition.details",
          ),
        ],
        adjustments: [
          tell(
            "Limit consecutive night shifts, allow time to eat and take medication at regular times, and review after the first months of night work.",
            "night.condition",
            "night.conditions",
          ),
        ],
      };
    },
  },
  {
    id: "night.experience",
    when: ({ v }) => v.code("night.experience") === "yes-problems",
    add: ({ v }) => ({
      finding: [
        "adjustment",
        say(
          `Night work has caused health problems before: ${described(v, "night.experience.details")}.`,
          "night.experience",
          "night.experience.details",
        ),
      ],
      adjustments: [
        tell(
          "Review the night-work health assessment after the first months; offer a transfer to day work if night work affects health, as the Working Time Regulations require where possible.",
          "night.experience",
          "night.experience.details",
        ),
      ],
    }),
  },

  // ---- lone working ----
  {
    id: "lone.sudden-illness",
    when: yes("lone.sudden-illness"),
    add: ({ v }) => ({
      finding: [
        "further-assessment",
        say(
          `Condition that could cause sudden illness while alone: ${described(v, "lone.sudden-illness.details")}.`,
          "lone.sudden-illness",
          "lone.sudden-illness.details",
        ),
      ],
      adjustments: [
        tell(
          "A lone-working plan with regular check-ins or a lone-worker alarm, and an emergency plan for this condition.",
          "lone.sudden-illness",
          "lone.sudden-illness.details",
        ),
      ],
    }),
  },
  {
    id: "lone.emergency-medication",
    when: yes("lone.emergency-medication"),
    add: () => ({
      finding: ["adjustment", say("Carries emergency medication.", "lone.emergency-medication")],
      adjustments: [
        tell(
          "Make sure emergency medication can be kept to hand and the lone-working emergency plan covers its use.",
          "lone.emergency-medication",
        ),
      ],
    }),
  },
  {
    id: "lone.concerns",
    when: yes("lone.concerns"),
    add: ({ v }) => ({
      finding: [
        "adjustment",
        say(
          `Health-related concerns about working alone: ${described(v, "lone.concerns.details")}.`,
          "lone.concerns",
          "lone.concerns.details",
        ),
      ],
      adjustments: [
        tell(
          "Discuss the lone-working risk assessment with the candidate.",
          "lone.concerns",
          "lone.concerns.details",
        ),
      ],
    }),
  },

  // ---- adjustments the candidate asks for ----
  {
    id: "adjustments.needed",
    when: ({ v }) => {
      const needed = v.code("adjustments.needed");
      return needed === "yes" || (needed === "unsure" && v.codes("adjustments.types").length > 0);
    },
    add: ({ v }) => {
      const types = v.codes("adjustments.types");
      const asked: Claim[] = types
        .filter((code) => ADJUSTMENT_TYPES[code])
        .map((code) => tell(ADJUSTMENT_TYPES[code]!, "adjustments.types"));
      // Anything the list does not cover is the candidate's own words: for the doctor to rewrite.
      if (types.includes("other") || (types.length === 0 && v.has("adjustments.details")))
        asked.push(
          say(
            `As the candidate describes: ${described(v, "adjustments.details")}. Write the adjustment for the employer in your own words.`,
            "adjustments.types",
            "adjustments.details",
          ),
        );
      return {
        finding: [
          "adjustment",
          say(
            `The candidate ${v.code("adjustments.needed") === "yes" ? "asks for" : "may need"} adjustments${v.has("adjustments.details") ? `: ${v.quote("adjustments.details")}` : "."}`,
            "adjustments.needed",
            "adjustments.types",
            "adjustments.details",
          ),
        ],
        adjustments: asked,
      };
    },
  },
  {
    id: "adjustments.speak-to-doctor",
    when: yes("adjustments.speak-to-doctor"),
    add: () => ({
      finding: [
        "further-assessment",
        say(
          "The candidate asked to speak to a doctor before the report: offer the call.",
          "adjustments.speak-to-doctor",
        ),
      ],
    }),
  },
];

export function preEmploymentCase(
  input: PreEmploymentDraftInput,
  v: ResponseView,
): PreEmploymentCase {
  const group = v.code("driving.licence-group");
  const group2 = group === "group-2" || group === "unsure";
  return {
    input,
    v,
    group2,
    dvla: group2 ? "DVLA Group 2 standards" : "DVLA Group 1 standards",
  };
}

export function draftPreEmployment(
  input: PreEmploymentDraftInput,
  v: ResponseView,
  safety: SafetyAssessment,
  trace?: RuleTrace,
): Pick<DraftReport, "summary" | "outcome" | "adjustments"> & { caveats: string[] } {
  const added = evaluate(PRE_EMPLOYMENT_RULES, preEmploymentCase(input, v), trace);
  const findings: Finding[] = added.flatMap(({ finding }) =>
    finding ? [{ severity: finding[0], ...statementOf(v, finding[1]) }] : [],
  );
  // Recommendations are written for the employer; the findings stay the doctor's evidence.
  const adjustments = added.flatMap((a) => (a.adjustments ?? []).map((c) => statementOf(v, c)));
  const caveats = added.flatMap(({ caveat }) => (caveat ? [caveat] : []));

  // ---- outcome ----
  const worst = findings.reduce<Severity>(
    (w, f) => (RANK[f.severity] > RANK[w] ? f.severity : w),
    "info",
  );
  let suggested: PreEmploymentOutcome =
    worst === "further-assessment"
      ? "further-assessment-needed"
      : worst === "adjustment"
        ? "fit-with-adjustments"
        : "fit";
  const outcomeStatements: DraftStatement[] = findings
    .filter((f) => f.severity !== "info")
    .sort((a, b) => RANK[b.severity] - RANK[a.severity])
    .map(({ text, basis }) => ({ text, basis }));
  if (safety.urgent) {
    suggested = "further-assessment-needed";
    outcomeStatements.unshift({
      text: "Further assessment is needed because of the safety answers (see the note at the top).",
      basis: safety.reasons.map((r) => r.linkId).filter((id) => v.has(id)),
    });
  }
  if (outcomeStatements.length === 0)
    outcomeStatements.push({
      text: "No health issue relevant to the role's intrinsic functions was reported: suggest fit.",
      basis: [],
    });
  outcomeStatements.push({
    text: EMPLOYER_OUTCOME[suggested],
    basis: [],
    audience: "employer",
  });

  const summary: DraftStatement[] = [
    {
      text: `Pre-employment health assessment for the role of ${JOB_ROLE_LABELS[input.role.jobRole]}${riskFlagWords(input.role)}.`,
      basis: [],
      source: "referral",
      audience: "employer",
    },
    ...(findings.length > 0
      ? findings.map(({ text, basis }) => ({ text, basis }))
      : [{ text: "The candidate reported no health condition relevant to the role.", basis: [] }]),
  ];

  return {
    summary,
    outcome: {
      question: "fitForWork",
      suggested,
      label: OUTCOME_LABELS[suggested],
      statements: outcomeStatements,
    },
    adjustments: {
      question: "recommendedAdjustments",
      statements:
        adjustments.length > 0
          ? adjustments
          : suggested === "further-assessment-needed"
            ? // "No adjustments" cannot stand beside an outcome that says more is needed: the
              // certificate says recommendations follow the assessment (report-sections.ts).
              []
            : [v.employer("No adjustments are needed for this role.", "adjustments.needed")],
    },
    caveats,
  };
}

function riskFlagWords(role: PreEmploymentDraftInput["role"]): string {
  const flags = [
    role.drivingRequired && "driving",
    role.nightShifts && "night shifts",
    role.loneWorking && "lone working",
    role.safetyCritical && "safety-critical work",
  ].filter((f): f is string => Boolean(f));
  return flags.length > 0 ? `, with ${joinList(flags)}` : "";
}
