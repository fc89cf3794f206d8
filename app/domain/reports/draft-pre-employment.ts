import type { SafetyAssessment } from "~/domain/assessments/assess-safety.ts";
import { JOB_ROLE_LABELS } from "~/domain/assessments/select-pre-employment-modules.ts";
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

export function draftPreEmployment(
  input: PreEmploymentDraftInput,
  v: ResponseView,
  safety: SafetyAssessment,
): Pick<DraftReport, "summary" | "outcome" | "adjustments"> & { caveats: string[] } {
  const findings: Finding[] = [];
  const adjustments: DraftStatement[] = [];
  const caveats: string[] = [];
  const find = (severity: Severity, text: string, ...linkIds: string[]) =>
    findings.push({ severity, ...v.statement(text, ...linkIds) });
  // Recommendations are written for the employer; the findings stay the doctor's evidence.
  const adjust = (text: string, ...linkIds: string[]) =>
    adjustments.push(v.employer(text, ...linkIds));

  // ---- core ----
  if (v.isYes("core.condition")) {
    const effect = v.code("core.condition.effect");
    find(
      effect === "none" ? "info" : effect === "some-tasks" ? "adjustment" : "further-assessment",
      `Reports a health condition or disability (${v.quote("core.condition.details") ?? "not described"}); expected effect on the job: ${v.display("core.condition.effect")?.toLowerCase() ?? "not stated"}.`,
      "core.condition",
      "core.condition.details",
      "core.condition.effect",
    );
  }
  if (v.isYes("core.treatment"))
    find(
      "info",
      `Current or awaited treatment: ${v.quote("core.treatment.details") ?? "not described"}.`,
      "core.treatment",
      "core.treatment.details",
    );
  if (v.isYes("core.mental-health"))
    find(
      "info",
      `Reports a current or recent mental health condition${v.has("core.mental-health.details") ? `: ${v.quote("core.mental-health.details")}` : "."} Not in itself a bar to work; consider supportive adjustments if requested.`,
      "core.mental-health",
      "core.mental-health.details",
    );
  if (v.isYes("core.work-related"))
    find(
      "info",
      `Previous work-related ill health: ${v.quote("core.work-related.details") ?? "not described"}. Check whether health surveillance applies to this role's exposures (for example skin, breathing, noise or vibration).`,
      "core.work-related",
      "core.work-related.details",
    );

  // ---- display screen ----
  if (v.isYes("dse.eyes")) {
    find("adjustment", "Eye symptoms at the screen.", "dse.eyes");
    adjust(
      "An eye and eyesight test under the Display Screen Equipment Regulations, and screen glasses if needed.",
      "dse.eyes",
    );
  }
  if (v.isYes("dse.musculoskeletal")) {
    find(
      "adjustment",
      `Musculoskeletal symptoms made worse by computer work: ${v.quote("dse.musculoskeletal.details") ?? "not described"}.`,
      "dse.musculoskeletal",
      "dse.musculoskeletal.details",
    );
    adjust(
      "A workstation (display screen equipment) assessment before or soon after starting.",
      "dse.musculoskeletal",
    );
  }
  if (v.isYes("dse.equipment")) {
    find(
      "adjustment",
      `Uses or needs special equipment or software: ${v.quote("dse.equipment.details") ?? "not described"}.`,
      "dse.equipment",
      "dse.equipment.details",
    );
    adjust(
      "Provide the equipment or software the candidate uses; Access to Work may help fund it.",
      "dse.equipment",
      "dse.equipment.details",
    );
  }

  // ---- manual handling ----
  if (v.isYes("handling.musculoskeletal")) {
    const limits = v.code("handling.limits");
    find(
      limits === "significant" ? "further-assessment" : limits === "some" ? "adjustment" : "info",
      `Back, joint or muscle problem (${v.quote("handling.musculoskeletal.details") ?? "not described"}); limits physical tasks: ${v.display("handling.limits")?.toLowerCase() ?? "not stated"}.`,
      "handling.musculoskeletal",
      "handling.musculoskeletal.details",
      "handling.limits",
    );
    if (limits === "some" || limits === "significant")
      adjust(
        "An individual manual handling risk assessment, with lifting aids and task rotation where needed.",
        "handling.musculoskeletal",
        "handling.limits",
      );
  }
  if (v.isYes("handling.other")) {
    find(
      "adjustment",
      `Condition that heavy lifting could worsen: ${v.quote("handling.other.details") ?? "not described"}.`,
      "handling.other",
      "handling.other.details",
    );
    adjust(
      "Take this condition into account in the manual handling risk assessment.",
      "handling.other",
      "handling.other.details",
    );
  }

  // ---- healthcare worker (UKHSA Green Book, health clearance guidance) ----
  const hepB = v.code("hcw.hepatitis-b");
  if (hepB && hepB !== "immune")
    find(
      "further-assessment",
      `Hepatitis B: ${v.display("hcw.hepatitis-b")!.toLowerCase()}. OH to complete the vaccination course and check the antibody response (Green Book, chapter 18) before work with exposure to blood or body fluids; non-responders need advice on post-exposure management.`,
      "hcw.hepatitis-b",
    );
  const mmr = v.code("hcw.mmr");
  if (mmr && mmr !== "two-doses" && mmr !== "immune-test")
    find(
      "further-assessment",
      `Measles and rubella immunity not shown (${v.display("hcw.mmr")!.toLowerCase()}). Offer MMR to complete two doses, or check antibodies, before patient contact.`,
      "hcw.mmr",
    );
  const varicella = v.code("hcw.varicella");
  if (varicella === "no" || varicella === "unknown")
    find(
      "further-assessment",
      "No history of chickenpox or shingles and no evidence of immunity: check varicella antibodies and vaccinate if non-immune before patient contact.",
      "hcw.varicella",
    );
  if (v.isYes("hcw.tb-symptoms"))
    find(
      "further-assessment",
      "Reports symptoms that could suggest active tuberculosis. Clinical assessment (and a chest X-ray if indicated) is needed before starting any patient contact.",
      "hcw.tb-symptoms",
    );
  if (v.isYes("hcw.tb-exposure"))
    find(
      "further-assessment",
      `Has lived in a high-incidence country or had contact with TB (BCG: ${v.display("hcw.bcg")?.toLowerCase() ?? "not stated"}). TB screening (interferon-gamma release assay) is recommended for new healthcare workers from high-incidence countries.`,
      "hcw.tb-exposure",
      "hcw.bcg",
    );
  const epp = v.code("hcw.epp");
  if ((epp === "yes" || epp === "unsure") && v.code("hcw.epp-clearance") !== "cleared")
    find(
      "further-assessment",
      `Exposure-prone procedures ${epp === "yes" ? "are" : "may be"} part of the role and there is no EPP clearance. Identified validated sample tests for hepatitis B, hepatitis C and HIV are needed before any EPP work; the candidate can start non-EPP work meanwhile if otherwise cleared.`,
      "hcw.epp",
      "hcw.epp-clearance",
    );
  if (v.isYes("hcw.skin")) {
    find(
      "further-assessment",
      `Skin condition of the hands or forearms, or a glove or hand-hygiene reaction: ${v.quote("hcw.skin.details") ?? "not described"}. Needs OH skin review: broken skin affects infection control and may need adjustments.`,
      "hcw.skin",
      "hcw.skin.details",
    );
    adjust(
      "Suitable gloves (non-latex if needed) and emollients, with regular skin checks.",
      "hcw.skin",
      "hcw.skin.details",
    );
  }

  // ---- driving (DVLA Assessing fitness to drive) ----
  const group = v.code("driving.licence-group");
  const group2 = group === "group-2" || group === "unsure";
  const dvla = group2 ? "DVLA Group 2 standards" : "DVLA Group 1 standards";
  if (v.has("driving.licence-held") && !v.isYes("driving.licence-held"))
    find(
      "info",
      "Does not hold a full licence valid in the UK for the vehicles in this role; the employer must check the licence before any driving (not a medical matter).",
      "driving.licence-held",
    );
  if (v.isYes("driving.licence-medical"))
    find(
      "further-assessment",
      `The DVLA has previously restricted, refused or revoked a licence on medical grounds: ${v.quote("driving.licence-medical.details") ?? "not described"}.`,
      "driving.licence-medical",
      "driving.licence-medical.details",
    );
  if (v.isYes("driving.seizures"))
    find(
      "further-assessment",
      `History of seizures, most recently ${v.display("driving.seizures.last") ?? "at an unstated date"}. Check against the ${dvla} for epilepsy and seizures${group2 ? " (Group 2 needs 10 years seizure-free without anti-seizure medication)" : ""}.`,
      "driving.seizures",
      "driving.seizures.last",
      "driving.seizures.details",
    );
  if (v.isYes("driving.blackouts"))
    find(
      "further-assessment",
      `Loss of consciousness or blackout in the last 5 years: ${v.quote("driving.blackouts.details") ?? "not described"}. Check the cause against the ${dvla}.`,
      "driving.blackouts",
      "driving.blackouts.details",
    );
  const diabetes = v.code("driving.diabetes");
  if (diabetes === "insulin" || diabetes === "tablets-hypo-risk") {
    const severe = v.number("driving.hypo-severe") ?? 0;
    const aware = v.code("driving.hypo-awareness") === "yes";
    const concern = group2 || severe > 0 || !aware;
    find(
      concern ? "further-assessment" : "info",
      `Diabetes treated with ${diabetes === "insulin" ? "insulin" : "medication that can cause hypoglycaemia"}; ${severe} severe hypo${severe === 1 ? "" : "s"} in 12 months; hypo awareness: ${v.display("driving.hypo-awareness")?.toLowerCase() ?? "not stated"}. ${group2 ? "Group 2 driving on these medicines needs full awareness, no severe hypo in 12 months and documented glucose monitoring." : "Check against the Group 1 standard (no more than one severe hypo while awake in 12 months, adequate awareness, glucose testing before and during driving)."}`,
      "driving.diabetes",
      "driving.hypo-severe",
      "driving.hypo-awareness",
    );
  }
  if (v.isYes("driving.sleepiness"))
    find(
      "further-assessment",
      "Reports excessive sleepiness that could affect driving, or falling asleep at the wheel. Must not drive until assessed.",
      "driving.sleepiness",
    );
  const sleep = v.code("driving.sleep-disorder");
  if (sleep && sleep !== "no") {
    const controlled = v.code("driving.sleep-controlled") === "controlled";
    find(
      controlled ? "info" : "further-assessment",
      `Sleep disorder (${v.display("driving.sleep-disorder")!.toLowerCase()}): ${v.display("driving.sleep-controlled")?.toLowerCase() ?? "control not stated"}.`,
      "driving.sleep-disorder",
      "driving.sleep-controlled",
    );
  }
  if (v.has("driving.number-plate") && !v.isYes("driving.number-plate"))
    find(
      "further-assessment",
      "Cannot read a number plate at 20 metres, the DVLA's minimum eyesight standard: an optometric assessment is needed before driving.",
      "driving.number-plate",
    );
  if (v.isYes("driving.vision"))
    find(
      "further-assessment",
      `Condition affecting eyesight or visual field: ${v.quote("driving.vision.details") ?? "not described"}. Check against the ${dvla} for vision${group2 ? " (Group 2 excludes sight in one eye only)" : ""}.`,
      "driving.vision",
      "driving.vision.details",
    );
  if (v.isYes("driving.heart"))
    find(
      "further-assessment",
      `Heart condition: ${v.quote("driving.heart.details") ?? "not described"}. Check against the ${dvla} for cardiovascular disorders.`,
      "driving.heart",
      "driving.heart.details",
    );
  if (v.isYes("driving.stroke"))
    find(
      "further-assessment",
      `Stroke or TIA: ${v.quote("driving.stroke.details") ?? "not described"}. Check against the ${dvla}.`,
      "driving.stroke",
      "driving.stroke.details",
    );
  if (v.isYes("driving.drowsy-medication"))
    find(
      "further-assessment",
      "Takes medication that can cause drowsiness or slow reactions: review the medicine and its timing before driving duties.",
      "driving.drowsy-medication",
    );
  if (v.isYes("driving.other"))
    find(
      "further-assessment",
      `Other condition relevant to driving: ${v.quote("driving.other.details") ?? "not described"}.`,
      "driving.other",
      "driving.other.details",
    );
  if (group2 && v.has("driving.licence-group"))
    caveats.push(
      "Group 2 (lorry, bus) licence holders need a DVLA D4 medical examination; this questionnaire does not replace it.",
    );

  // ---- safety-critical ----
  if (v.isYes("safety-critical.sudden-incapacity"))
    find(
      "further-assessment",
      `Seizure, blackout, collapse or sudden dizziness or confusion in the last 5 years: ${v.quote("safety-critical.sudden-incapacity.details") ?? "not described"}.`,
      "safety-critical.sudden-incapacity",
      "safety-critical.sudden-incapacity.details",
    );
  if (v.isYes("safety-critical.sleepiness"))
    find(
      "further-assessment",
      `Excessive daytime sleepiness or a sleep disorder: ${v.quote("safety-critical.sleepiness.details") ?? "not described"}.`,
      "safety-critical.sleepiness",
      "safety-critical.sleepiness.details",
    );
  if (v.isYes("safety-critical.medication"))
    find(
      "further-assessment",
      "Takes medication that can cause drowsiness or affect concentration.",
      "safety-critical.medication",
    );
  if (v.isYes("safety-critical.senses"))
    find(
      "further-assessment",
      `Eyesight or hearing not fully corrected: ${v.quote("safety-critical.senses.details") ?? "not described"}.`,
      "safety-critical.senses",
      "safety-critical.senses.details",
    );
  if (input.role.safetyCritical)
    caveats.push(
      "ReferOH does not carry out statutory medicals for regulated safety-critical work (for example rail, aviation or offshore); if this role is regulated, its own medical standard applies.",
    );

  // ---- night work (Working Time Regulations 1998 reg. 7) ----
  if (v.isYes("night.condition")) {
    const conditions = v.codes("night.conditions");
    const serious = conditions.some((c) => ["diabetes", "heart", "sleep", "epilepsy"].includes(c));
    find(
      serious ? "further-assessment" : "adjustment",
      `Condition that night work may affect: ${joinList(v.optionDisplays("night.conditions", conditions))}${v.has("night.condition.details") ? ` (${v.quote("night.condition.details")})` : ""}.`,
      "night.condition",
      "night.conditions",
      "night.condition.details",
    );
    adjust(
      "Limit consecutive night shifts, allow time to eat and take medication at regular times, and review after the first months of night work.",
      "night.condition",
      "night.conditions",
    );
  }
  if (v.code("night.experience") === "yes-problems") {
    find(
      "adjustment",
      `Night work has caused health problems before: ${v.quote("night.experience.details") ?? "not described"}.`,
      "night.experience",
      "night.experience.details",
    );
    adjust(
      "Review the night-work health assessment after the first months; offer a transfer to day work if night work affects health, as the Working Time Regulations require where possible.",
      "night.experience",
      "night.experience.details",
    );
  }

  // ---- lone working ----
  if (v.isYes("lone.sudden-illness")) {
    find(
      "further-assessment",
      `Condition that could cause sudden illness while alone: ${v.quote("lone.sudden-illness.details") ?? "not described"}.`,
      "lone.sudden-illness",
      "lone.sudden-illness.details",
    );
    adjust(
      "A lone-working plan with regular check-ins or a lone-worker alarm, and an emergency plan for this condition.",
      "lone.sudden-illness",
      "lone.sudden-illness.details",
    );
  }
  if (v.isYes("lone.emergency-medication")) {
    find("adjustment", "Carries emergency medication.", "lone.emergency-medication");
    adjust(
      "Make sure emergency medication can be kept to hand and the lone-working emergency plan covers its use.",
      "lone.emergency-medication",
    );
  }
  if (v.isYes("lone.concerns")) {
    find(
      "adjustment",
      `Health-related concerns about working alone: ${v.quote("lone.concerns.details") ?? "not described"}.`,
      "lone.concerns",
      "lone.concerns.details",
    );
    adjust(
      "Discuss the lone-working risk assessment with the candidate.",
      "lone.concerns",
      "lone.concerns.details",
    );
  }

  // ---- adjustments the candidate asks for ----
  const needed = v.code("adjustments.needed");
  const types = v.codes("adjustments.types");
  if (needed === "yes" || (needed === "unsure" && types.length > 0)) {
    find(
      "adjustment",
      `The candidate ${needed === "yes" ? "asks for" : "may need"} adjustments${v.has("adjustments.details") ? `: ${v.quote("adjustments.details")}` : "."}`,
      "adjustments.needed",
      "adjustments.types",
      "adjustments.details",
    );
    for (const code of types) {
      const text = ADJUSTMENT_TYPES[code];
      if (text) adjust(text, "adjustments.types");
    }
    if (types.includes("other") || (types.length === 0 && v.has("adjustments.details")))
      adjustments.push(
        v.statement(
          `As the candidate describes: ${v.quote("adjustments.details") ?? "not described"}. Write the adjustment for the employer in your own words.`,
          "adjustments.types",
          "adjustments.details",
        ),
      );
  }
  if (v.isYes("adjustments.speak-to-doctor"))
    find(
      "further-assessment",
      "The candidate asked to speak to a doctor before the report: offer the call.",
      "adjustments.speak-to-doctor",
    );

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
