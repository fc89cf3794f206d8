CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"lot_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"referral_id" text,
	"order_id" uuid,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_lot" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" text NOT NULL,
	"credits_granted" integer NOT NULL,
	"credits_remaining" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_lot_remaining_in_range" CHECK ("credit_lot"."credits_remaining" >= 0 and "credit_lot"."credits_remaining" <= "credit_lot"."credits_granted")
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"organisation_id" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"pdf" "bytea",
	"pdf_sha256" text,
	CONSTRAINT "invoice_number_unique" UNIQUE("number"),
	CONSTRAINT "invoice_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "membership" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"interval" text NOT NULL,
	"status" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"pending_interval" text,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"provider" text NOT NULL,
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" text NOT NULL,
	"kind" text NOT NULL,
	"grants" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "credit_ledger_organisation_idx" ON "credit_ledger" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_referral_idx" ON "credit_ledger" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "credit_lot_spendable_idx" ON "credit_lot" USING btree ("organisation_id","expires_at");--> statement-breakpoint
CREATE INDEX "invoice_organisation_idx" ON "invoice" USING btree ("organisation_id","issued_at");--> statement-breakpoint
CREATE INDEX "membership_period_end_idx" ON "membership" USING btree ("current_period_end");--> statement-breakpoint
CREATE INDEX "payment_order_organisation_idx" ON "payment_order" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_provider_reference_idx" ON "payment_order" USING btree ("provider","provider_reference");