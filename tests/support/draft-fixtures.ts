import type { Answers } from "~/domain/assessments/questionnaire-types.ts";
import type { PreEmploymentRole } from "~/domain/assessments/select-pre-employment-modules.ts";

/*
 * Realistic answer sets for drafter tests (and for the doctor-queue pages' development data).
 * Each is a complete, valid submission of its questionnaire; the tests check that.
 */

const phq = (scores: number[]) =>
  Object.fromEntries(scores.map((s, i) => [`phq9.${i + 1}`, String(s)]));
const gad = (scores: number[]) =>
  Object.fromEntries(scores.map((s, i) => [`gad7.${i + 1}`, String(s)]));

/** Warehouse operative with low back pain, working on light duties. */
export const managementBackPain: Answers = {
  "reason.agree": "yes",
  "condition.categories": ["musculoskeletal"],
  "condition.description":
    "Low back pain since lifting a pallet in August, worse after a long shift.",
  "condition.duration": "1-3m",
  "condition.diagnosis-status": "yes",
  "condition.diagnosis": "Mechanical low back pain",
  "condition.trend": "improving",
  "condition.long-term": "no",
  "treatment.current": ["physiotherapy", "medication"],
  "treatment.details": "Physio weekly, ibuprofen when needed.",
  "treatment.helping": "yes",
  "function.daily": "minor",
  "function.without-treatment": "substantial",
  "work.status": "modified",
  "work.absence-days": 6,
  "work.difficult-tasks":
    "Repeated lifting from floor level and long periods of driving a forklift.",
  "work.contributing": "yes",
  "work.contributing.details": "Heavy lifting from floor level.",
  "support.helps": "Walking, stretches and regular breaks.",
  "support.adjustments": ["less-physical", "breaks"],
  "support.existing": "helping",
  "return.expectation": "2-4w",
  "process.meetings": "able",
  "mental-health.affected": "no",
  "closing.consultation": false,
};

/** Office worker off sick with low mood and anxiety; moderate PHQ-9, moderate GAD-7, no risk. */
export const managementLowMood: Answers = {
  "reason.agree": "partly",
  "reason.own-words":
    "It is not only the deadlines; I have not been sleeping since my father died.",
  "condition.categories": ["mental-health"],
  "condition.description": "Low mood, poor sleep, panicky before work, hard to concentrate.",
  "condition.duration": "3-12m",
  "condition.diagnosis-status": "yes",
  "condition.diagnosis": "Depression and anxiety",
  "condition.trend": "same",
  "condition.long-term": "unsure",
  "treatment.current": ["gp", "medication", "waiting-list"],
  "treatment.helping": "a-little",
  "function.daily": "substantial",
  "function.without-treatment": "severe",
  "work.status": "off-sick",
  "work.absence-start": "2026-10-05",
  "work.fit-note": "not-fit",
  "work.absence-days": 48,
  "work.difficult-tasks": "Concentrating on reports and meetings with clients.",
  "work.contributing": "yes",
  "work.contributing.details": "Workload after a colleague left.",
  "support.adjustments": ["phased-return", "workload", "meetings"],
  "support.existing": "no",
  "return.expectation": "1-3m",
  "process.meetings": "with-support",
  "process.support": ["companion", "remote"],
  "mental-health.affected": "yes",
  ...phq([2, 2, 2, 2, 1, 1, 2, 0, 0]),
  "phq9.difficulty": "very",
  ...gad([2, 2, 2, 2, 1, 1, 1]),
  "gad7.difficulty": "very",
  "safety.thoughts": "no",
  "closing.consultation": true,
};

/** The same employee, but PHQ-9 item 9 is answered "More than half the days". */
export const managementUrgent: Answers = {
  ...managementLowMood,
  "phq9.9": "2",
  "safety.thoughts": "often",
  "safety.intent": "no",
  "safety.harmed": "no",
  "safety.support": "yes",
};

/** Employee with breast cancer, working reduced hours during treatment. */
export const managementCancer: Answers = {
  "reason.agree": "yes",
  "condition.categories": ["cancer"],
  "condition.description": "Breast cancer, having chemotherapy; tired for a week after each cycle.",
  "condition.duration": "3-12m",
  "condition.diagnosis-status": "yes",
  "condition.trend": "variable",
  "condition.long-term": "unsure",
  "treatment.current": ["specialist", "medication"],
  "treatment.helping": "too-early",
  "function.daily": "substantial",
  "function.without-treatment": "unsure",
  "work.status": "modified",
  "work.absence-days": 20,
  "work.difficult-tasks": "Full days in the week after chemotherapy.",
  "work.contributing": "no",
  "support.adjustments": ["flexible-hours", "home-working", "appointments"],
  "support.existing": "helping",
  "return.expectation": "gt-3m",
  "process.meetings": "able",
  "mental-health.affected": "no",
  "closing.consultation": false,
};

/** Office worker with no health issues. */
export const preEmploymentOfficeClear: Answers = {
  "core.condition": false,
  "core.treatment": false,
  "core.mental-health": false,
  "core.work-related": false,
  "dse.eyes": false,
  "dse.musculoskeletal": false,
  "dse.equipment": false,
  "adjustments.needed": "no",
  "adjustments.speak-to-doctor": false,
};

/** Warehouse operative with recurrent back pain who would like extra breaks. */
export const preEmploymentWarehouseAdjustments: Answers = {
  "core.condition": true,
  "core.condition.details": "Recurrent low back pain, managed with exercises.",
  "core.condition.effect": "some-tasks",
  "core.treatment": false,
  "core.mental-health": false,
  "core.work-related": false,
  "handling.musculoskeletal": true,
  "handling.musculoskeletal.details": "Low back pain that flares a few times a year.",
  "handling.limits": "some",
  "handling.other": false,
  "adjustments.needed": "yes",
  "adjustments.types": ["breaks"],
  "adjustments.details": "Short breaks to stretch during long picking shifts.",
  "adjustments.speak-to-doctor": false,
};

/** Lorry driver (Group 2) on insulin with full hypo awareness and no severe hypos. */
export const preEmploymentDriverInsulin: Answers = {
  "core.condition": true,
  "core.condition.details": "Type 1 diabetes since childhood.",
  "core.condition.effect": "none",
  "core.treatment": true,
  "core.treatment.details": "Insulin pump.",
  "core.mental-health": false,
  "core.work-related": false,
  "driving.licence-group": "group-2",
  "driving.licence-held": true,
  "driving.licence-medical": false,
  "driving.seizures": false,
  "driving.blackouts": false,
  "driving.diabetes": "insulin",
  "driving.hypo-severe": 0,
  "driving.hypo-awareness": "yes",
  "driving.sleepiness": false,
  "driving.sleep-disorder": "no",
  "driving.number-plate": true,
  "driving.vision": false,
  "driving.heart": false,
  "driving.stroke": false,
  "driving.drowsy-medication": false,
  "driving.other": false,
  "adjustments.needed": "no",
  "adjustments.speak-to-doctor": false,
};

/** Healthcare assistant with an incomplete hepatitis B course. */
export const preEmploymentHealthcareHepB: Answers = {
  "core.condition": false,
  "core.treatment": false,
  "core.mental-health": false,
  "core.work-related": false,
  "handling.musculoskeletal": false,
  "handling.other": false,
  "hcw.patient-contact": "yes",
  "hcw.hepatitis-b": "incomplete",
  "hcw.mmr": "two-doses",
  "hcw.varicella": "history",
  "hcw.bcg": "yes",
  "hcw.tb-exposure": false,
  "hcw.tb-symptoms": false,
  "hcw.epp": "no",
  "hcw.skin": false,
  "adjustments.needed": "no",
  "adjustments.speak-to-doctor": false,
};

/** The role of a pre-employment referral: none of the role's risks unless `flags` sets them. */
export function preEmploymentRoleForTest(
  jobRole: PreEmploymentRole["jobRole"],
  flags: Partial<PreEmploymentRole> = {},
): PreEmploymentRole {
  return {
    jobRole,
    drivingRequired: false,
    nightShifts: false,
    loneWorking: false,
    safetyCritical: false,
    ...flags,
  };
}
