ALTER TABLE "referral" ADD COLUMN "held_from_status" text;--> statement-breakpoint
ALTER TABLE "referral" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral" ADD COLUMN "hold_reason" text;