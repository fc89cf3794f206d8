CREATE TABLE "audit_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_role" text,
	"organisation_id" text,
	"action" text NOT NULL,
	"object_type" text,
	"object_id" text,
	"outcome" text NOT NULL,
	"ip" "inet",
	"request_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_event_occurred_at_idx" ON "audit_event" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_event_actor_idx" ON "audit_event" USING btree ("actor_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_event_organisation_idx" ON "audit_event" USING btree ("organisation_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_event_object_idx" ON "audit_event" USING btree ("object_type","object_id");