CREATE TABLE "contact_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"message" text NOT NULL,
	"ip" "inet",
	"emailed_at" timestamp with time zone,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	"last_email_error" text
);
--> statement-breakpoint
CREATE TABLE "interest_registration" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"role" text NOT NULL,
	"ip" "inet",
	"emailed_at" timestamp with time zone,
	"email_attempts" integer DEFAULT 0 NOT NULL,
	"last_email_error" text
);
--> statement-breakpoint
CREATE INDEX "contact_message_created_at_idx" ON "contact_message" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_message_ip_idx" ON "contact_message" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "contact_message_unsent_idx" ON "contact_message" USING btree ("created_at") WHERE "contact_message"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "interest_registration_created_at_idx" ON "interest_registration" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "interest_registration_ip_idx" ON "interest_registration" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "interest_registration_unsent_idx" ON "interest_registration" USING btree ("created_at") WHERE "interest_registration"."emailed_at" is null;