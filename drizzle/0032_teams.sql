CREATE TABLE "referral_manager" (
	"referral_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"organisation_id" text NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_manager_referral_id_user_id_pk" PRIMARY KEY("referral_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "active_organisation_id" text;--> statement-breakpoint
ALTER TABLE "referral_manager" ADD CONSTRAINT "referral_manager_referral_id_referral_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referral"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_manager" ADD CONSTRAINT "referral_manager_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_manager" ADD CONSTRAINT "referral_manager_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_manager_user_idx" ON "referral_manager" USING btree ("user_id","organisation_id");--> statement-breakpoint
CREATE INDEX "referral_organisation_creator_idx" ON "referral" USING btree ("organisation_id","created_by","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);