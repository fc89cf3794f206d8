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
  { table: "report_version", column: "disclosures", kind: "json" },
  { table: "consultation", column: "notes", kind: "text" },
  // The doctor's older questions, moved into case_message at start-up; listed while the table
  // exists, so a row the move could not open still counts for key rotation.
  { table: "subject_information_request", column: "question", kind: "text" },
  { table: "referral", column: "reason", kind: "text" },
  { table: "referral", column: "job_details", kind: "text" },
  { table: "referral", column: "existing_adjustments", kind: "text" },
  { table: "referral", column: "additional_notes", kind: "text" },
  // As subject_information_request.question above.
  { table: "subject_information_request", column: "reply", kind: "text" },
  { table: "referral", column: "subject_phone", kind: "text" },
  { table: "safety_contact_attempt", column: "note", kind: "text" },
  { table: "case_clinical_note", column: "notes", kind: "text" },
  { table: "mail_outbox", column: "message", kind: "json" },
  { table: "case_message", column: "body", kind: "text" },
  { table: "case_document", column: "file_name", kind: "text" },
  { table: "case_document", column: "content", kind: "text" },
  // Not health data, but a signing secret that must be kept readable to sign: sealed all the same.
  { table: "webhook_endpoint", column: "secret", kind: "text" },
  { table: "webhook_endpoint", column: "previous_secret", kind: "text" },
] as const satisfies ReadonlyArray<{ table: string; column: string; kind: "json" | "text" }>;
