CREATE TABLE "questionnaire_definition" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"version" text NOT NULL,
	"url" text NOT NULL,
	"definition" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_response_definition" (
	"response_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL
);
--> statement-breakpoint
DROP INDEX "referral_activity_organisation_idx";--> statement-breakpoint
ALTER TABLE "questionnaire_response_definition" ADD CONSTRAINT "questionnaire_response_definition_response_id_questionnaire_response_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."questionnaire_response"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response_definition" ADD CONSTRAINT "questionnaire_response_definition_definition_id_questionnaire_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."questionnaire_definition"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_definition_key_version_idx" ON "questionnaire_definition" USING btree ("key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_response_definition_idx" ON "questionnaire_response_definition" USING btree ("response_id","definition_id");--> statement-breakpoint
CREATE INDEX "referral_activity_organisation_idx" ON "referral_activity" USING btree ("organisation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);