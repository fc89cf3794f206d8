-- A referral's search words, each held as "<organisation>/<word>": a word's posting list in the
-- index is then one organisation's rows with that word, where the GIN index of (organisation,
-- words) intersected the organisation's own posting list, as long as its history. Stored in the
-- row, so a bitmap's recheck or a filter reads the words instead of parsing the name again
-- (docs/perf-notes-growth.md, "A rare name"). Immutable, as a generated column's expression must
-- be: to_tsvector with a named configuration is.
CREATE FUNCTION referral_search_words(organisation_id text, words text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN array_to_tsvector(ARRAY(
    SELECT organisation_id || '/' || lexeme FROM unnest(to_tsvector('simple'::regconfig, words))
  ));--> statement-breakpoint
DROP INDEX "referral_organisation_words_idx";--> statement-breakpoint
ALTER TABLE "referral" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (referral_search_words("referral"."organisation_id", "referral"."subject_name" || ' ' || "referral"."reference" || ' ' || coalesce("referral"."job_role", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "referral_search_words_idx" ON "referral" USING gin ("search_words");
