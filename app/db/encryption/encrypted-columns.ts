/** Every sealed column (table.column is also its AAD). Rotation and the start-up sweep walk this. */
export const ENCRYPTED_COLUMNS = [
  { table: "questionnaire_response", column: "build_context", kind: "json" },
  { table: "questionnaire_response", column: "answers", kind: "json" },
  { table: "questionnaire_response", column: "transcript", kind: "json" },
  { table: "questionnaire_response", column: "safety_reasons", kind: "json" },
  { table: "draft_report", column: "draft", kind: "json" },
  { table: "report_version", column: "body", kind: "json" },
  { table: "report_version", column: "subject_comment", kind: "text" },
  { table: "report_version", column: "correction_decline_reason", kind: "text" },
  { table: "report_version", column: "subject_statement", kind: "text" },
  { table: "consultation", column: "notes", kind: "text" },
  { table: "subject_information_request", column: "question", kind: "text" },
] as const satisfies ReadonlyArray<{ table: string; column: string; kind: "json" | "text" }>;
