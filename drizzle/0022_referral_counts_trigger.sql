-- Keeps organisation_referral_count equal to `select organisation_id, status, count(*) from
-- referral group by 1, 2`, one row change at a time, so the dashboard's counters never count an
-- organisation's history. Rows are only ever added to: a count that reaches 0 stays as 0.
CREATE FUNCTION referral_count_maintain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE organisation_referral_count SET referrals = referrals - 1
    WHERE organisation_id = OLD.organisation_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO organisation_referral_count (organisation_id, status, referrals)
    VALUES (NEW.organisation_id, NEW.status, 1)
    ON CONFLICT (organisation_id, status)
    DO UPDATE SET referrals = organisation_referral_count.referrals + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER referral_count_insert_delete AFTER INSERT OR DELETE ON referral
  FOR EACH ROW EXECUTE FUNCTION referral_count_maintain();--> statement-breakpoint
-- Only a change of status or organisation moves a referral between counts.
CREATE TRIGGER referral_count_update AFTER UPDATE OF status, organisation_id ON referral
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION referral_count_maintain();--> statement-breakpoint
-- TRUNCATE fires no row trigger: it would leave the counts behind, so it empties them too.
CREATE FUNCTION referral_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM organisation_referral_count;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER referral_count_truncate AFTER TRUNCATE ON referral
  FOR EACH STATEMENT EXECUTE FUNCTION referral_count_truncate();--> statement-breakpoint
INSERT INTO organisation_referral_count (organisation_id, status, referrals)
SELECT organisation_id, status, count(*) FROM referral GROUP BY organisation_id, status;
