ALTER TABLE "report_version" ADD COLUMN "disclosures" text;--> statement-breakpoint
-- The person's decisions on the disclosure items are written before approval; once approved the
-- version is frozen as before, and key rotation may re-seal the items with the other sealed columns.
CREATE OR REPLACE FUNCTION report_version_refuse_change() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  IF OLD.subject_decision = 'approved' THEN
    IF TG_OP = 'DELETE' AND current_setting('referoh.retention_erasure', true) = 'on' THEN
      RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND current_setting('referoh.reseal', true) = 'on'
       AND (to_jsonb(NEW) - 'body' - 'subject_comment' - 'correction_decline_reason' - 'subject_statement' - 'disclosures')
         = (to_jsonb(OLD) - 'body' - 'subject_comment' - 'correction_decline_reason' - 'subject_statement' - 'disclosures') THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'report_version % of report % was approved and is frozen (% refused)', OLD.version, OLD.report_id, TG_OP;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
