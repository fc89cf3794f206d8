CREATE TABLE "report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"referral_id" uuid NOT NULL,
	"organisation_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"doctor_id" text NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"review_due_at" timestamp with time zone,
	"review_reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"withheld_at" timestamp with time zone,
	CONSTRAINT "report_reference_unique" UNIQUE("reference"),
	CONSTRAINT "report_referral_id_unique" UNIQUE("referral_id")
);
--> statement-breakpoint
CREATE TABLE "report_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"body" jsonb NOT NULL,
	"author_doctor_id" text NOT NULL,
	"author_name" text NOT NULL,
	"author_gmc_number" text NOT NULL,
	"signed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"subject_decision" text,
	"subject_comment" text,
	"diagnosis_released" boolean DEFAULT false NOT NULL,
	"decided_at" timestamp with time zone,
	"pdf" "bytea",
	"pdf_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_version" ADD CONSTRAINT "report_version_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_organisation_released_idx" ON "report" USING btree ("organisation_id","status","released_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "report_doctor_status_idx" ON "report" USING btree ("doctor_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "report_version_report_version_idx" ON "report_version" USING btree ("report_id","version");