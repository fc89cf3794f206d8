ALTER TABLE "assessment_consent" ADD COLUMN "share_earlier_cases" boolean;--> statement-breakpoint
ALTER TABLE "referral" ADD COLUMN "follow_up_of" uuid;--> statement-breakpoint
ALTER TABLE "referral" ADD CONSTRAINT "referral_follow_up_of_referral_id_fk" FOREIGN KEY ("follow_up_of") REFERENCES "public"."referral"("id") ON DELETE set null ON UPDATE no action;