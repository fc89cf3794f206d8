ALTER TABLE "contact_message" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "interest_registration" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interest_registration" ADD COLUMN "handled_by" text;