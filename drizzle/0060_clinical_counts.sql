CREATE TABLE "clinical_count" (
	"month" date NOT NULL,
	"measure" text NOT NULL,
	"key" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "clinical_count_month_measure_key_pk" PRIMARY KEY("month","measure","key")
);
--> statement-breakpoint
CREATE TABLE "clinical_hours" (
	"month" date NOT NULL,
	"measure" text NOT NULL,
	"doctor_id" text NOT NULL,
	"counts" integer[] NOT NULL,
	CONSTRAINT "clinical_hours_month_measure_doctor_id_pk" PRIMARY KEY("month","measure","doctor_id")
);
