ALTER TABLE "consultation" ADD COLUMN "room_token_hash" text;--> statement-breakpoint
ALTER TABLE "consultation" ADD COLUMN "room_token_expires_at" timestamp with time zone;