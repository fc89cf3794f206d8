-- A reference or its beginning across organisations, in byte order so that LIKE 'REF-0%' is a range of it
-- whatever the database's collation: a doctor's cases span organisations (docs/perf-notes-growth.md, "Doctor's list").
CREATE INDEX "referral_reference_prefix_idx" ON "referral" USING btree (("reference" collate "C"));