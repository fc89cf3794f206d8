CREATE TABLE "assessment_consent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"invitation_id" uuid,
	"decision" text NOT NULL,
	"consent_version" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_link_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draft_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"drafter_id" text NOT NULL,
	"drafter_model" text NOT NULL,
	"drafter_version" text NOT NULL,
	"draft" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_response" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"definition_url" text NOT NULL,
	"definition_version" text NOT NULL,
	"derived_from" jsonb NOT NULL,
	"build_context" jsonb NOT NULL,
	"status" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"transcript" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cursor" text,
	"safety_level" text DEFAULT 'none' NOT NULL,
	"safety_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"safety_alerted_at" timestamp with time zone,
	"save_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "assessment_consent" ADD CONSTRAINT "assessment_consent_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_consent" ADD CONSTRAINT "assessment_consent_invitation_id_assessment_invitation_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."assessment_invitation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_report" ADD CONSTRAINT "draft_report_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_report" ADD CONSTRAINT "draft_report_response_id_questionnaire_response_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."questionnaire_response"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_consent_referral_idx" ON "assessment_consent" USING btree ("referral_id","decided_at");--> statement-breakpoint
CREATE INDEX "draft_report_referral_idx" ON "draft_report" USING btree ("referral_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "draft_report_response_drafter_idx" ON "draft_report" USING btree ("response_id","drafter_id","drafter_model","drafter_version");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_response_referral_idx" ON "questionnaire_response" USING btree ("referral_id");