CREATE TABLE "case_review" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"organisation_id" text NOT NULL,
	"report_id" uuid NOT NULL,
	"report_version" integer NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_review" ADD CONSTRAINT "case_review_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_review" ADD CONSTRAINT "case_review_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_review" ADD CONSTRAINT "case_review_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_review_referral_kind_due_idx" ON "case_review" USING btree ("referral_id","kind","due_on");--> statement-breakpoint
CREATE INDEX "case_review_organisation_due_idx" ON "case_review" USING btree ("organisation_id","due_on");--> statement-breakpoint
CREATE INDEX "case_review_unreminded_idx" ON "case_review" USING btree ("due_on") WHERE "case_review"."reminded_at" is null;