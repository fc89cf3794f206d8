-- The list search uses a trigram index (PGlite loads the extension in app/db/client.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE SEQUENCE "public"."referral_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "assessment_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "assessment_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "referral" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"organisation_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"subject_name" text NOT NULL,
	"subject_email" text NOT NULL,
	"job_role" text,
	"driving_required" boolean DEFAULT false NOT NULL,
	"night_shifts" boolean DEFAULT false NOT NULL,
	"lone_working" boolean DEFAULT false NOT NULL,
	"safety_critical" boolean DEFAULT false NOT NULL,
	"conditional_offer_date" date,
	"additional_notes" text,
	"reason" text,
	"job_details" text,
	"existing_adjustments" text,
	"questions" jsonb,
	"employer_consent_confirmed" boolean DEFAULT false NOT NULL,
	"assigned_doctor_id" text,
	"payment_method" text,
	"order_id" uuid,
	"member_turnaround" boolean DEFAULT false NOT NULL,
	"sla_due_at" timestamp with time zone,
	"urgent" boolean DEFAULT false NOT NULL,
	"correction_requested" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invited_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"review_started_at" timestamp with time zone,
	"report_sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_reminder_at" timestamp with time zone,
	CONSTRAINT "referral_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "referral_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referral_id" uuid NOT NULL,
	"organisation_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_invitation" ADD CONSTRAINT "assessment_invitation_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_activity" ADD CONSTRAINT "referral_activity_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_invitation_referral_idx" ON "assessment_invitation" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "referral_organisation_created_idx" ON "referral" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referral_organisation_status_idx" ON "referral" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE INDEX "referral_queue_idx" ON "referral" USING btree ("status","sla_due_at");--> statement-breakpoint
CREATE INDEX "referral_doctor_idx" ON "referral" USING btree ("assigned_doctor_id","status");--> statement-breakpoint
CREATE INDEX "referral_search_trgm_idx" ON "referral" USING gin ((lower("subject_name" || ' ' || "reference" || ' ' || coalesce("reason", '') || ' ' || coalesce("job_role", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "referral_activity_organisation_idx" ON "referral_activity" USING btree ("organisation_id","created_at" DESC NULLS LAST);