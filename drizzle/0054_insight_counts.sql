CREATE TABLE "insight_count" (
	"organisation_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"month" date NOT NULL,
	"measure" text NOT NULL,
	"key" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "insight_count_organisation_id_month_measure_key_owner_id_pk" PRIMARY KEY("organisation_id","month","measure","key","owner_id")
);
--> statement-breakpoint
ALTER TABLE "insight_count" ADD CONSTRAINT "insight_count_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;