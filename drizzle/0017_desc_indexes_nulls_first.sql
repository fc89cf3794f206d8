DROP INDEX "draft_report_referral_idx";--> statement-breakpoint
DROP INDEX "consultation_referral_idx";--> statement-breakpoint
DROP INDEX "subject_information_request_referral_idx";--> statement-breakpoint
DROP INDEX "referral_organisation_created_idx";--> statement-breakpoint
DROP INDEX "referral_activity_organisation_idx";--> statement-breakpoint
DROP INDEX "report_organisation_released_idx";--> statement-breakpoint
CREATE INDEX "draft_report_referral_idx" ON "draft_report" USING btree ("referral_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "consultation_referral_idx" ON "consultation" USING btree ("referral_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subject_information_request_referral_idx" ON "subject_information_request" USING btree ("referral_id","sent_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_organisation_created_idx" ON "referral" USING btree ("organisation_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_activity_organisation_idx" ON "referral_activity" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "report_organisation_released_idx" ON "report" USING btree ("organisation_id","status","released_at" DESC NULLS FIRST);