import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { SafetyReason } from "~/domain/assessments/assess-safety.ts";
import type { TranscriptItem } from "~/domain/assessments/build-transcript.ts";
import type { Answers, Questionnaire } from "~/domain/assessments/questionnaire-types.ts";
import type { PreEmploymentRole } from "~/domain/assessments/select-pre-employment-modules.ts";
import type { DraftReport } from "~/domain/reports/drafter.ts";
import { encryptedJson } from "../encryption/column-types.ts";
import { createdAt, instant, primaryId, requiredUuidReference, updatedAt } from "./columns.ts";
import { assessmentInvitation, referralIdColumn } from "./referrals.ts";

/*
 * Health data (UK GDPR Art. 9) lives only in this file's tables, and within them only in the
 * columns marked HEALTH PAYLOAD. Each payload has a column of its own, sealed with AES-256-GCM
 * (encryptedJson, ADR 0008) while the columns the queues and pages filter on (status, safety
 * level, timestamps) stay plain.
 */

/**
 * The subject's decision on the consent notice, with the version of the text they were shown.
 * `withdrawn`: they gave consent, then stopped; their answers were erased.
 */
export const assessmentConsent = pgTable(
  "assessment_consent",
  {
    id: primaryId(),
    referralId: referralIdColumn(),
    invitationId: uuid("invitation_id").references(() => assessmentInvitation.id),
    decision: text("decision", { enum: ["given", "declined", "withdrawn"] }).notNull(),
    consentVersion: text("consent_version").notNull(),
    decidedAt: instant("decided_at").notNull().defaultNow(),
    /**
     * On a follow-up referral, the person's separate answer to "let the doctor see my earlier
     * reports and answers" (docs/architecture.md §4, "Follow-up referrals"); null on any other.
     */
    shareEarlierCases: boolean("share_earlier_cases"),
  },
  (t) => [index("assessment_consent_referral_idx").on(t.referralId, t.decidedAt)],
);

/**
 * A published questionnaire version, loaded from its file in the repository at start-up
 * (`syncQuestionnaireDefinitions`). Immutable: the start-up sync refuses to run when a file's
 * content no longer matches its row, and a trigger (migration) refuses UPDATE and DELETE.
 */
export const questionnaireDefinition = pgTable(
  "questionnaire_definition",
  {
    id: primaryId(),
    key: text("key").notNull(),
    version: text("version").notNull(),
    /** The FHIR Questionnaire's canonical url, as recorded in responses' `derived_from`. */
    url: text("url").notNull(),
    definition: jsonb("definition").$type<Questionnaire>().notNull(),
    /** SHA-256 of the canonical JSON (canonical-json.ts): the identity of the published content. */
    sha256: text("sha256").notNull(),
    publishedAt: instant("published_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("questionnaire_definition_key_version_idx").on(t.key, t.version)],
);

/** Which stored definitions a response's questionnaire was built from (core + modules). */
export const questionnaireResponseDefinition = pgTable(
  "questionnaire_response_definition",
  {
    responseId: requiredUuidReference("response_id", () => questionnaireResponse.id, "cascade"),
    definitionId: requiredUuidReference("definition_id", () => questionnaireDefinition.id),
  },
  (t) => [uniqueIndex("questionnaire_response_definition_idx").on(t.responseId, t.definitionId)],
);

/** What is needed to rebuild the exact definition instance a response was made on. */
export type ResponseBuildContext =
  | { kind: "pre_employment"; role: PreEmploymentRole; versions: Record<string, string> }
  | { kind: "management"; referralReason: string; version: string };

/** One questionnaire response per referral (FHIR QuestionnaireResponse). */
export const questionnaireResponse = pgTable(
  "questionnaire_response",
  {
    id: primaryId(),
    referralId: referralIdColumn(),
    /** The instance served: its canonical url and version, and the published `url|version`s used. */
    definitionUrl: text("definition_url").notNull(),
    definitionVersion: text("definition_version").notNull(),
    derivedFrom: jsonb("derived_from").$type<string[]>().notNull(),
    /** HEALTH PAYLOAD (the employer's reason for a management referral). */
    buildContext: encryptedJson<ResponseBuildContext>(
      "build_context",
      "questionnaire_response.build_context",
    ).notNull(),
    status: text("status", { enum: ["in-progress", "completed"] }).notNull(),
    /** HEALTH PAYLOAD: answers by linkId, cleaned by the generated validator. */
    answers: encryptedJson<Answers>("answers", "questionnaire_response.answers")
      .notNull()
      .$defaultFn(() => ({})),
    /** HEALTH PAYLOAD: the readable transcript (seed chatHistory shape). */
    transcript: encryptedJson<TranscriptItem[]>("transcript", "questionnaire_response.transcript")
      .notNull()
      .$defaultFn(() => []),
    /** Where the person is: a step id, or `review`. Resuming opens it. */
    cursor: text("cursor"),
    /** Highest level ever raised; never lowered (a flag stays until the doctor has seen it). */
    safetyLevel: text("safety_level", { enum: ["none", "review", "urgent"] })
      .notNull()
      .default("none"),
    /** HEALTH PAYLOAD: why the flags were raised, in words for the doctor. */
    safetyReasons: encryptedJson<SafetyReason[]>(
      "safety_reasons",
      "questionnaire_response.safety_reasons",
    )
      .notNull()
      .$defaultFn(() => []),
    safetyAlertedAt: instant("safety_alerted_at"),
    saveCount: integer("save_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: instant("completed_at"),
  },
  (t) => [uniqueIndex("questionnaire_response_referral_idx").on(t.referralId)],
);

/** The AI-assisted draft for the doctor. Never shown to the employer or the employee. */
export const draftReport = pgTable(
  "draft_report",
  {
    id: primaryId(),
    referralId: referralIdColumn(),
    responseId: requiredUuidReference("response_id", () => questionnaireResponse.id),
    drafterId: text("drafter_id").notNull(),
    drafterModel: text("drafter_model").notNull(),
    drafterVersion: text("drafter_version").notNull(),
    /** HEALTH PAYLOAD: the structured draft with the answers each statement rests on. */
    draft: encryptedJson<DraftReport>("draft", "draft_report.draft").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("draft_report_referral_idx").on(t.referralId, t.createdAt.desc().nullsFirst()),
    // One draft per response and drafter version: a retried job finds its own earlier draft.
    uniqueIndex("draft_report_response_drafter_idx").on(
      t.responseId,
      t.drafterId,
      t.drafterModel,
      t.drafterVersion,
    ),
  ],
);
