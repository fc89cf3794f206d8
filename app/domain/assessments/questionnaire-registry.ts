import { parseQuestionnaire } from "./parse-questionnaire.ts";
import type { Questionnaire } from "./questionnaire-types.ts";
import managementGuidedV1 from "./questionnaires/management-guided.v1.json";
import preEmploymentAdjustmentsV1 from "./questionnaires/pre-employment-adjustments.v1.json";
import preEmploymentCoreV1 from "./questionnaires/pre-employment-core.v1.json";
import preEmploymentDisplayScreenV1 from "./questionnaires/pre-employment-display-screen.v1.json";
import preEmploymentDrivingV1 from "./questionnaires/pre-employment-driving.v1.json";
import preEmploymentHealthcareWorkerV1 from "./questionnaires/pre-employment-healthcare-worker.v1.json";
import preEmploymentLoneWorkingV1 from "./questionnaires/pre-employment-lone-working.v1.json";
import preEmploymentManualHandlingV1 from "./questionnaires/pre-employment-manual-handling.v1.json";
import preEmploymentNightWorkV1 from "./questionnaires/pre-employment-night-work.v1.json";
import preEmploymentSafetyCriticalV1 from "./questionnaires/pre-employment-safety-critical.v1.json";

/*
 * Every published definition. A published file is never edited (the pinned SHA-256 test fails if
 * it is): a change is a new file `<key>.v<n+1>.json` added here. Responses record key + version,
 * so an assessment started on v1 is finished and read on v1.
 */
const PUBLISHED: unknown[] = [
  preEmploymentCoreV1,
  preEmploymentDisplayScreenV1,
  preEmploymentManualHandlingV1,
  preEmploymentHealthcareWorkerV1,
  preEmploymentDrivingV1,
  preEmploymentSafetyCriticalV1,
  preEmploymentNightWorkV1,
  preEmploymentLoneWorkingV1,
  preEmploymentAdjustmentsV1,
  managementGuidedV1,
];

export const QUESTIONNAIRE_KEYS = [
  "pre-employment-core",
  "pre-employment-display-screen",
  "pre-employment-manual-handling",
  "pre-employment-healthcare-worker",
  "pre-employment-driving",
  "pre-employment-safety-critical",
  "pre-employment-night-work",
  "pre-employment-lone-working",
  "pre-employment-adjustments",
  "management-guided",
] as const;
export type QuestionnaireKey = (typeof QUESTIONNAIRE_KEYS)[number];

export class QuestionnaireNotFoundError extends Error {
  constructor(
    readonly key: string,
    readonly version: string,
  ) {
    super(`No published questionnaire ${key} version ${version}`);
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

let byKey: Map<string, Questionnaire[]> | undefined;

// Parsed once, lazily, and frozen: a caller that mutated a shared definition would silently
// change every other assessment in the process.
function registry(): Map<string, Questionnaire[]> {
  if (byKey) return byKey;
  const map = new Map<string, Questionnaire[]>();
  for (const raw of PUBLISHED) {
    const definition = deepFreeze(parseQuestionnaire(structuredClone(raw)));
    if (definition.status !== "active") continue;
    const list = map.get(definition.name) ?? [];
    if (list.some((d) => d.version === definition.version))
      throw new Error(`Questionnaire ${definition.name} v${definition.version} is published twice`);
    list.push(definition);
    list.sort((a, b) => Number(a.version) - Number(b.version));
    map.set(definition.name, list);
  }
  byKey = map;
  return map;
}

/** One published version, exactly as published (frozen). */
export function getQuestionnaire(key: string, version: string): Questionnaire {
  const found = registry()
    .get(key)
    ?.find((d) => d.version === version);
  if (!found) throw new QuestionnaireNotFoundError(key, version);
  return found;
}

/** The newest published version of a key: what a new assessment uses. */
export function latestQuestionnaire(key: QuestionnaireKey): Questionnaire {
  const list = registry().get(key);
  const latest = list?.[list.length - 1];
  if (!latest) throw new QuestionnaireNotFoundError(key, "latest");
  return latest;
}

/** Every published version of every key, for loading into the database. */
export function publishedQuestionnaires(): Questionnaire[] {
  return [...registry().values()].flat();
}
