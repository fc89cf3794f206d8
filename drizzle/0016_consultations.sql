CREATE TABLE "consultation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"doctor_id" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_by" text,
	"reminder_24h_sent_at" timestamp with time zone,
	"reminder_1h_sent_at" timestamp with time zone,
	"notes" text,
	"notes_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "consultation_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_exception" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_offer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "consultation" ADD CONSTRAINT "consultation_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_offer" ADD CONSTRAINT "consultation_offer_consultation_id_consultation_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_referral_idx" ON "consultation" USING btree ("referral_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultation_doctor_idx" ON "consultation" USING btree ("doctor_id","starts_at");--> statement-breakpoint
CREATE INDEX "consultation_reminder_idx" ON "consultation" USING btree ("status","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_one_open_per_referral" ON "consultation" USING btree ("referral_id") WHERE "consultation"."status" in ('offered', 'times_requested', 'booked');--> statement-breakpoint
CREATE INDEX "consultation_availability_doctor_idx" ON "consultation_availability" USING btree ("doctor_id","weekday");--> statement-breakpoint
CREATE INDEX "consultation_exception_doctor_idx" ON "consultation_exception" USING btree ("doctor_id","start_date");--> statement-breakpoint
CREATE INDEX "consultation_offer_consultation_idx" ON "consultation_offer" USING btree ("consultation_id");