CREATE TABLE "retention_erasure" (
	"referral_id" uuid PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"erased_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_report" ALTER COLUMN "draft" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ALTER COLUMN "build_context" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ALTER COLUMN "answers" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ALTER COLUMN "answers" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ALTER COLUMN "transcript" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ALTER COLUMN "transcript" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ALTER COLUMN "safety_reasons" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ALTER COLUMN "safety_reasons" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "report_version" ALTER COLUMN "body" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_event" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "retention_erasure" ADD CONSTRAINT "retention_erasure_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_erasure_erased_at_idx" ON "retention_erasure" USING btree ("erased_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_event_chain_seq_idx" ON "audit_event" USING btree ("chain_seq");