ALTER TABLE "report_version" ADD COLUMN "correction_decline_reason" text;--> statement-breakpoint
ALTER TABLE "report_version" ADD COLUMN "subject_statement" text;