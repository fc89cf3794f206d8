/**
 * The subset of the FHIR R4 Questionnaire resource that ReferOH uses. Definitions are plain JSON
 * (see `questionnaires/`), so they can be stored, diffed, hashed and exchanged with other OH
 * systems without translation.
 *
 * Two conventions on top of FHIR, both expressed as FHIR extensions so the JSON stays valid FHIR:
 * - Scores of scored instruments (PHQ-9, GAD-7) live on each answer option in the standard R4
 *   extension `ordinalValue` (valueDecimal). Scoring reads them from the definition, never from a
 *   hard-coded table, so the data and the arithmetic cannot drift apart.
 * - Answer options that indicate a risk to the person's safety carry `SAFETY_EXTENSION` with
 *   valueCode `urgent` (crisis support, urgent doctor queue, on-call e-mail) or `review` (the
 *   doctor must read it before anything else).
 */

export const ORDINAL_VALUE_EXTENSION = "http://hl7.org/fhir/StructureDefinition/ordinalValue";
export const MIN_VALUE_EXTENSION = "http://hl7.org/fhir/StructureDefinition/minValue";
export const MAX_VALUE_EXTENSION = "http://hl7.org/fhir/StructureDefinition/maxValue";
/**
 * Help text shown under a question (the GOV.UK "hint"). FHIR would use a child display item with an
 * itemControl; a single extension keeps the hint attached to its question and out of transcripts.
 */
export const HINT_EXTENSION = "urn:referoh:fhir:hint";
export const SAFETY_EXTENSION = "urn:referoh:fhir:safety-flag";
/**
 * Marks a display item whose text is filled from the referral when the definition is instantiated
 * (valueString names the field, e.g. `referralReason`). The published file keeps a neutral text.
 */
export const CONTEXT_TEXT_EXTENSION = "urn:referoh:fhir:context-text";

export const ITEM_TYPES = [
  "group",
  "display",
  "boolean",
  "choice",
  "string",
  "text",
  "integer",
  "date",
  "decimal",
] as const;
export type QuestionnaireItemType = (typeof ITEM_TYPES)[number];

export const ENABLE_WHEN_OPERATORS = ["exists", "=", "!=", ">", "<", ">=", "<="] as const;
export type EnableWhenOperator = (typeof ENABLE_WHEN_OPERATORS)[number];

export interface Extension {
  url: string;
  valueBoolean?: boolean;
  valueCode?: string;
  valueDecimal?: number;
  valueInteger?: number;
  valueString?: string;
}

interface Coding {
  system?: string;
  code: string;
  display: string;
}

export interface AnswerOption {
  valueCoding: Coding;
  extension?: Extension[];
}

export interface EnableWhen {
  question: string;
  operator: EnableWhenOperator;
  answerBoolean?: boolean;
  answerCoding?: { system?: string; code: string; display?: string };
  answerInteger?: number;
  answerDecimal?: number;
  answerString?: string;
  answerDate?: string;
}

export interface QuestionnaireItem {
  linkId: string;
  text?: string;
  prefix?: string;
  type: QuestionnaireItemType;
  required?: boolean;
  repeats?: boolean;
  maxLength?: number;
  answerOption?: AnswerOption[];
  enableWhen?: EnableWhen[];
  enableBehavior?: "all" | "any";
  extension?: Extension[];
  item?: QuestionnaireItem[];
}

export interface Questionnaire {
  resourceType: "Questionnaire";
  id?: string;
  url: string;
  version: string;
  name: string;
  title: string;
  status: "draft" | "active" | "retired";
  date?: string;
  publisher?: string;
  description?: string;
  purpose?: string;
  copyright?: string;
  /** On composed instances: the canonical `url|version` of every published definition used. */
  derivedFrom?: string[];
  extension?: Extension[];
  item: QuestionnaireItem[];
}

/**
 * Answers keyed by `linkId`, as a response stores them. Choice answers are option codes, booleans
 * are booleans, integers/decimals numbers, dates ISO 8601 (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`),
 * strings strings; an item with `repeats` holds an array.
 */
export type AnswerScalar = boolean | number | string;
export type AnswerValue = AnswerScalar | readonly AnswerScalar[];
export type Answers = Readonly<Record<string, AnswerValue>>;

/** FHIR QuestionnaireResponse.status values we use (docs/architecture.md §4). */
export type ResponseStatus = "in-progress" | "completed";

export function extensionOf(
  holder: { extension?: Extension[] } | undefined,
  url: string,
): Extension | undefined {
  return holder?.extension?.find((e) => e.url === url);
}

/** The canonical reference of a definition, as FHIR writes it: `url|version`. */
export function canonicalOf(definition: Pick<Questionnaire, "url" | "version">): string {
  return `${definition.url}|${definition.version}`;
}
