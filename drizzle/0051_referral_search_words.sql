-- The employer list searches words by their beginning (app/domain/referrals/search-words.ts): a
-- rare name reads its few entries at any size, where the trigram index intersected the long
-- lists of common trigrams (docs/perf-notes-growth.md, "A rare name").
DROP INDEX "referral_organisation_search_idx";--> statement-breakpoint
CREATE INDEX "referral_organisation_words_idx" ON "referral" USING gin ("organisation_id",to_tsvector('simple', "subject_name" || ' ' || "reference" || ' ' || coalesce("job_role", '')));