-- A reference or its beginning within one organisation, in byte order so that LIKE 'REF-0%' is a range of it
-- whatever the database's collation (docs/perf-notes-growth.md).
CREATE INDEX "referral_organisation_reference_idx" ON "referral" USING btree ("organisation_id",("reference" collate "C"));