-- One GIN index for the organisation and the search trigrams needs btree_gin (PGlite loads it in
-- app/db/client.server.ts; PostgreSQL ships it in contrib).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "referral_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "referral_organisation_search_idx" ON "referral" USING gin ("organisation_id",(lower("subject_name" || ' ' || "reference" || ' ' || coalesce("job_role", ''))) gin_trgm_ops);