ALTER TABLE "mail_outbox" ALTER COLUMN "referral_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_dedupe_key_unique" UNIQUE("dedupe_key");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_content" CHECK (("mail_outbox"."kind" = 'message' and ("mail_outbox"."message" is not null or "mail_outbox"."sent_at" is not null)) or ("mail_outbox"."kind" = 'referral_invitation' and "mail_outbox"."referral_id" is not null));