CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
-- Locks and link-throttle windows still running carry over, so a deploy lifts no lockout.
INSERT INTO "rate_limit" ("key", "attempts", "window_ends_at", "locked_until")
SELECT 'accountLockout:' || "account_key", 10, "locked_until", "locked_until"
FROM "auth_lockout" WHERE "locked_until" > now();--> statement-breakpoint
INSERT INTO "rate_limit" ("key", "attempts", "window_ends_at")
SELECT 'assessmentLink:' || substr("key", length('assessment-link:') + 1), "failures",
  "window_started_at" + interval '15 minutes'
FROM "assessment_link_throttle" WHERE "window_started_at" > now() - interval '15 minutes'
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
DROP TABLE "assessment_link_throttle" CASCADE;--> statement-breakpoint
DROP TABLE "auth_attempt" CASCADE;--> statement-breakpoint
DROP TABLE "auth_lockout" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limit_window_ends_at_idx" ON "rate_limit" USING btree ("window_ends_at");