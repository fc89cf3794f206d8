-- The frozen-version trigger lets key rotation re-seal the sealed columns of an approved version
-- and nothing else. The doctor's reason for declining a correction and the person's statement are
-- sealed too, so rotation may re-seal them as well.
CREATE OR REPLACE FUNCTION report_version_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.subject_decision = 'approved' THEN
    IF TG_OP = 'DELETE' AND current_setting('referoh.retention_erasure', true) = 'on' THEN
      RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND current_setting('referoh.reseal', true) = 'on'
       AND (to_jsonb(NEW) - 'body' - 'subject_comment' - 'correction_decline_reason' - 'subject_statement')
         = (to_jsonb(OLD) - 'body' - 'subject_comment' - 'correction_decline_reason' - 'subject_statement') THEN
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
