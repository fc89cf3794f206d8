CREATE SEQUENCE "public"."credit_note_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "credit_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" text NOT NULL,
	"referral_id" uuid,
	"reason" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"items" jsonb NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"refund_status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"last_refund_error" text,
	"refunded_at" timestamp with time zone,
	"pdf" "bytea",
	"pdf_sha256" text,
	CONSTRAINT "credit_note_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_note_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_organisation_idx" ON "credit_note" USING btree ("organisation_id","issued_at");--> statement-breakpoint
CREATE INDEX "credit_note_referral_idx" ON "credit_note" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "credit_note_refund_pending_idx" ON "credit_note" USING btree ("refund_status");