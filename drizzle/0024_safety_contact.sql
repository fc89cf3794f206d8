CREATE TABLE "safety_contact_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"doctor_id" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subject_information_request" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "referral" ADD COLUMN "subject_phone" text;--> statement-breakpoint
ALTER TABLE "referral" ADD COLUMN "urgent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral" ADD COLUMN "safety_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral" ADD COLUMN "safety_last_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "safety_contact_attempt" ADD CONSTRAINT "safety_contact_attempt_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safety_contact_attempt_referral_idx" ON "safety_contact_attempt" USING btree ("referral_id","attempted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_urgent_idx" ON "referral" USING btree ("urgent_at") WHERE "referral"."urgent";