ALTER TABLE "report" ADD COLUMN "released_version" integer;--> statement-breakpoint
CREATE INDEX "report_organisation_released_version_idx" ON "report" USING btree ("organisation_id","released_at" DESC NULLS FIRST) WHERE "report"."released_version" is not null;--> statement-breakpoint
-- Every report released so far was released at its current version.
UPDATE "report" SET "released_version" = "current_version" WHERE "status" = 'released';
--> statement-breakpoint
-- A released report may be amended (docs/architecture.md §4, "Amending a released report"): it
-- goes back to draft at a higher version while released_version stays on the version the
-- employer has. Nothing else reopens it; a withheld report stays final. released_version moves
-- only forward, to the current version, on a release.
CREATE OR REPLACE FUNCTION report_refuse_reopen() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  IF OLD.status = 'withheld'
     AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.current_version IS DISTINCT FROM OLD.current_version) THEN
    RAISE EXCEPTION 'report % is % and final (% refused)', OLD.reference, OLD.status, TG_OP;
  END IF;
  IF OLD.status = 'released'
     AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.current_version IS DISTINCT FROM OLD.current_version)
     AND NOT (NEW.status = 'draft'
              AND NEW.current_version > OLD.current_version
              AND NEW.released_version IS NOT DISTINCT FROM OLD.released_version
              AND OLD.released_version IS NOT NULL) THEN
    RAISE EXCEPTION 'report % is % and final (% refused)', OLD.reference, OLD.status, TG_OP;
  END IF;
  IF NEW.released_version IS DISTINCT FROM OLD.released_version
     AND NOT (NEW.status = 'released'
              AND NEW.released_version IS NOT NULL
              AND NEW.released_version = NEW.current_version
              AND (OLD.released_version IS NULL OR NEW.released_version > OLD.released_version)) THEN
    RAISE EXCEPTION 'report %: the released version moves only forward, on a release (% refused)', OLD.reference, TG_OP;
  END IF;
  RETURN NEW;
END;
$$;
