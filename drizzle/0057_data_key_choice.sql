CREATE TABLE "data_key_choice" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"current_key_id" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_key_choice_one_row" CHECK ("data_key_choice"."singleton")
);
