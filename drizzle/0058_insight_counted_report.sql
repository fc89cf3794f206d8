CREATE TABLE "insight_counted_report" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"month" date NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_counted_report" ADD CONSTRAINT "insight_counted_report_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_counted_report" ADD CONSTRAINT "insight_counted_report_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;