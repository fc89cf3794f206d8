CREATE TABLE "organisation_referral_count" (
	"organisation_id" text NOT NULL,
	"status" text NOT NULL,
	"referrals" integer NOT NULL,
	CONSTRAINT "organisation_referral_count_organisation_id_status_pk" PRIMARY KEY("organisation_id","status")
);
--> statement-breakpoint
DROP INDEX "referral_organisation_created_idx";--> statement-breakpoint
DROP INDEX "referral_organisation_status_idx";--> statement-breakpoint
ALTER TABLE "organisation_referral_count" ADD CONSTRAINT "organisation_referral_count_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_organisation_created_idx" ON "referral" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_organisation_status_idx" ON "referral" USING btree ("organisation_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);