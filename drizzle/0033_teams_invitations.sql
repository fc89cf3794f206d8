CREATE TABLE "team_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "team_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
DROP INDEX "referral_organisation_creator_idx";--> statement-breakpoint
ALTER TABLE "referral" ADD COLUMN "owner_id" text;--> statement-breakpoint
UPDATE "referral" SET "owner_id" = "created_by";--> statement-breakpoint
ALTER TABLE "referral" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitation_pending_idx" ON "team_invitation" USING btree ("organisation_id","email") WHERE "team_invitation"."accepted_at" is null and "team_invitation"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "referral_organisation_owner_idx" ON "referral" USING btree ("organisation_id","owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);