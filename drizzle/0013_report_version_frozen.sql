-- A released report is frozen (issue 8): the version the person approved, its PDF and its hash
-- can never change, whatever code runs; and a released or withheld report never moves again.
CREATE OR REPLACE FUNCTION report_version_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.subject_decision = 'approved' THEN
    -- Two deliberate exceptions, each declared for its own transaction only: the retention purge
    -- erases a version whose period has run out, and key rotation re-seals its ciphertext
    -- without touching anything else.
    IF TG_OP = 'DELETE' AND current_setting('referoh.retention_erasure', true) = 'on' THEN
      RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND current_setting('referoh.reseal', true) = 'on'
       AND (to_jsonb(NEW) - 'body' - 'subject_comment') = (to_jsonb(OLD) - 'body' - 'subject_comment') THEN
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
--> statement-breakpoint
CREATE TRIGGER report_version_frozen
BEFORE UPDATE OR DELETE ON "report_version"
FOR EACH ROW EXECUTE FUNCTION report_version_refuse_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_refuse_reopen() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status IN ('released', 'withheld')
     AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.current_version IS DISTINCT FROM OLD.current_version) THEN
    RAISE EXCEPTION 'report % is % and final (% refused)', OLD.reference, OLD.status, TG_OP;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER report_final
BEFORE UPDATE ON "report"
FOR EACH ROW EXECUTE FUNCTION report_refuse_reopen();
