CREATE TABLE "case_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"thread" text NOT NULL,
	"kind" text NOT NULL,
	"uploader_user_id" text,
	"uploader_role" text NOT NULL,
	"uploader_name" text NOT NULL,
	"shared_with_person" boolean DEFAULT false NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" text NOT NULL,
	"scanned_by" text NOT NULL,
	"message_id" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"thread" text NOT NULL,
	"author_user_id" text,
	"author_role" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"shared_with_person" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "case_document" ADD CONSTRAINT "case_document_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_document" ADD CONSTRAINT "case_document_message_id_case_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."case_message"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_message" ADD CONSTRAINT "case_message_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_document_referral_idx" ON "case_document" USING btree ("referral_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "case_message_referral_idx" ON "case_message" USING btree ("referral_id","thread","sent_at");