ALTER TABLE "doctor_profile" ADD COLUMN "qualifications" text;--> statement-breakpoint
ALTER TABLE "report_version" ADD COLUMN "author_qualifications" text;