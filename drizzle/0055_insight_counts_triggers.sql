-- Custom SQL migration file, put your code below! ---- Keeps insight_count equal to what the referrals, the credit ledger and the orders contribute
-- (app/db/schema/insight.ts), one row change at a time in the change's own transaction, so the
-- insight pages never count an organisation's history. Each table's contribution is one function
-- of its row: a change takes the old row's contribution away and adds the new row's.
CREATE FUNCTION insight_referral_contribution(r public.referral)
RETURNS TABLE (owner_id text, month date, measure text, key text, value integer)
LANGUAGE sql STABLE
SET search_path = pg_catalog, public, pg_temp
AS $$
  -- A draft is not yet a referral: it counts from the moment it is sent (or paid for).
  SELECT r.owner_id, date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date, 'referred', r.type, 1
  WHERE r.status <> 'draft'
  UNION ALL
  SELECT r.owner_id, date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date, 'state', r.type || ':' || r.status, 1
  WHERE r.status <> 'draft'
  UNION ALL
  SELECT r.owner_id, date_trunc('month', r.completed_at AT TIME ZONE 'UTC')::date, 'turnaround',
    (CASE WHEN r.member_turnaround THEN '24' ELSE '48' END) || ':' ||
      least(240, greatest(0, floor(extract(epoch FROM r.completed_at - r.submitted_at) / 3600)))::integer::text,
    1
  WHERE r.completed_at IS NOT NULL AND r.submitted_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION insight_referral_maintain() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO public.insight_count AS c (organisation_id, owner_id, month, measure, key, value)
    SELECT OLD.organisation_id, x.owner_id, x.month, x.measure, x.key, -x.value
    FROM public.insight_referral_contribution(OLD) x
    ON CONFLICT (organisation_id, month, measure, key, owner_id)
    DO UPDATE SET value = c.value + EXCLUDED.value;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO public.insight_count AS c (organisation_id, owner_id, month, measure, key, value)
    SELECT NEW.organisation_id, x.owner_id, x.month, x.measure, x.key, x.value
    FROM public.insight_referral_contribution(NEW) x
    ON CONFLICT (organisation_id, month, measure, key, owner_id)
    DO UPDATE SET value = c.value + EXCLUDED.value;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER insight_referral_insert_delete AFTER INSERT OR DELETE ON referral
  FOR EACH ROW EXECUTE FUNCTION insight_referral_maintain();
--> statement-breakpoint
-- Only a change of what the referral contributes moves it between counts.
CREATE TRIGGER insight_referral_update AFTER UPDATE ON referral
  FOR EACH ROW WHEN (
    (OLD.organisation_id, OLD.owner_id, OLD.type, OLD.status, OLD.created_at, OLD.submitted_at, OLD.completed_at, OLD.member_turnaround)
    IS DISTINCT FROM
    (NEW.organisation_id, NEW.owner_id, NEW.type, NEW.status, NEW.created_at, NEW.submitted_at, NEW.completed_at, NEW.member_turnaround)
  )
  EXECUTE FUNCTION insight_referral_maintain();
--> statement-breakpoint
-- The ledger is append-only: an entry adds what it spends (a spend is negative, a refund positive).
CREATE FUNCTION insight_credit_maintain() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  IF NEW.reason IN ('spend', 'refund') THEN
    INSERT INTO public.insight_count AS c (organisation_id, owner_id, month, measure, key, value)
    VALUES (NEW.organisation_id, '', date_trunc('month', NEW.created_at AT TIME ZONE 'UTC')::date, 'credits', '', -NEW.amount)
    ON CONFLICT (organisation_id, month, measure, key, owner_id)
    DO UPDATE SET value = c.value + EXCLUDED.value;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER insight_credit_insert AFTER INSERT ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION insight_credit_maintain();
--> statement-breakpoint
-- An order counts while it is paid: a refund takes it back out of the month it was paid in.
CREATE FUNCTION insight_order_maintain() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' AND OLD.paid_at IS NOT NULL THEN
    INSERT INTO public.insight_count AS c (organisation_id, owner_id, month, measure, key, value)
    VALUES (OLD.organisation_id, '', date_trunc('month', OLD.paid_at AT TIME ZONE 'UTC')::date, 'paid', OLD.kind, -OLD.total_pence)
    ON CONFLICT (organisation_id, month, measure, key, owner_id)
    DO UPDATE SET value = c.value + EXCLUDED.value;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'paid' AND NEW.paid_at IS NOT NULL THEN
    INSERT INTO public.insight_count AS c (organisation_id, owner_id, month, measure, key, value)
    VALUES (NEW.organisation_id, '', date_trunc('month', NEW.paid_at AT TIME ZONE 'UTC')::date, 'paid', NEW.kind, NEW.total_pence)
    ON CONFLICT (organisation_id, month, measure, key, owner_id)
    DO UPDATE SET value = c.value + EXCLUDED.value;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER insight_order_insert_delete AFTER INSERT OR DELETE ON payment_order
  FOR EACH ROW EXECUTE FUNCTION insight_order_maintain();
--> statement-breakpoint
CREATE TRIGGER insight_order_update AFTER UPDATE ON payment_order
  FOR EACH ROW WHEN (
    (OLD.organisation_id, OLD.kind, OLD.status, OLD.paid_at, OLD.total_pence)
    IS DISTINCT FROM (NEW.organisation_id, NEW.kind, NEW.status, NEW.paid_at, NEW.total_pence)
  )
  EXECUTE FUNCTION insight_order_maintain();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: emptying a counted table empties what it counted.
CREATE FUNCTION insight_truncate() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  IF TG_TABLE_NAME = 'referral' THEN
    DELETE FROM public.insight_count WHERE measure IN ('referred', 'state', 'turnaround', 'outcome', 'adjustment', 'equality_act');
  ELSIF TG_TABLE_NAME = 'credit_ledger' THEN
    DELETE FROM public.insight_count WHERE measure = 'credits';
  ELSE
    DELETE FROM public.insight_count WHERE measure = 'paid';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER insight_referral_truncate AFTER TRUNCATE ON referral
  FOR EACH STATEMENT EXECUTE FUNCTION insight_truncate();
--> statement-breakpoint
CREATE TRIGGER insight_credit_truncate AFTER TRUNCATE ON credit_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION insight_truncate();
--> statement-breakpoint
CREATE TRIGGER insight_order_truncate AFTER TRUNCATE ON payment_order
  FOR EACH STATEMENT EXECUTE FUNCTION insight_truncate();
--> statement-breakpoint
-- What is already there, counted once.
INSERT INTO insight_count (organisation_id, owner_id, month, measure, key, value)
SELECT r.organisation_id, x.owner_id, x.month, x.measure, x.key, sum(x.value)::integer
FROM referral r, insight_referral_contribution(r) x
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO insight_count (organisation_id, owner_id, month, measure, key, value)
SELECT organisation_id, '', date_trunc('month', created_at AT TIME ZONE 'UTC')::date, 'credits', '', -sum(amount)::integer
FROM credit_ledger WHERE reason IN ('spend', 'refund')
GROUP BY 1, 3;
--> statement-breakpoint
INSERT INTO insight_count (organisation_id, owner_id, month, measure, key, value)
SELECT organisation_id, '', date_trunc('month', paid_at AT TIME ZONE 'UTC')::date, 'paid', kind, sum(total_pence)::integer
FROM payment_order WHERE status = 'paid' AND paid_at IS NOT NULL
GROUP BY 1, 3, 5;
