-- Keeps clinical_count and clinical_hours equal to what the referrals, the report versions and the
-- release check's refusals contribute (app/db/schema/insight.ts), one row change at a time in the
-- change's own transaction, so the clinical lead's view reads a period's months and never the
-- service's history (docs/architecture.md, "Management information"). As for insight_count, each
-- row's contribution is a function of the row: a change takes the old row's contribution away and
-- adds the new row's, netted first (a change that moves nothing writes nothing), and the count rows
-- are taken in key order (two changes crossing the same buckets wait, not deadlock).

-- The hour bucket of the time from one moment to another, numbered from 0: each hour up to 72
-- (0-71), then 6 hours up to 2 weeks (72-115), then days up to 60 days (116-161), then one bucket
-- for longer (162). app/domain/insight/clinical-hours.ts reads the buckets back; the two must agree.
CREATE FUNCTION clinical_hours_bucket(from_at timestamptz, to_at timestamptz)
RETURNS integer
LANGUAGE sql IMMUTABLE
SET search_path = pg_catalog, public, pg_temp
AS $$
  SELECT CASE
    WHEN h < 72 THEN floor(h)
    WHEN h < 336 THEN 72 + floor((h - 72) / 6)
    WHEN h < 1440 THEN 116 + floor((h - 336) / 24)
    ELSE 162
  END::integer
  FROM (SELECT greatest(0, extract(epoch FROM to_at - from_at) / 3600) AS h) t
$$;
--> statement-breakpoint
CREATE FUNCTION clinical_referral_contribution(r public.referral)
RETURNS TABLE (month date, measure text, doctor_id text, key text, value integer)
LANGUAGE sql STABLE
SET search_path = pg_catalog, public, pg_temp
AS $$
  -- Released: the completed questionnaire and the release both known, counted in the release's month.
  WITH released AS (
    SELECT date_trunc('month', r.completed_at AT TIME ZONE 'UTC')::date AS month
    WHERE r.submitted_at IS NOT NULL AND r.completed_at IS NOT NULL
  ), flagged AS (
    SELECT date_trunc('month', r.urgent_at AT TIME ZONE 'UTC')::date AS month
    WHERE r.urgent_at IS NOT NULL
  )
  SELECT month, 'turnaround', coalesce(r.assigned_doctor_id, ''),
    public.clinical_hours_bucket(r.submitted_at, r.completed_at)::text, 1
  FROM released
  UNION ALL
  SELECT month, 'queue', '', public.clinical_hours_bucket(r.submitted_at, r.review_started_at)::text, 1
  FROM released WHERE r.review_started_at IS NOT NULL
  UNION ALL
  SELECT month, 'review', '', public.clinical_hours_bucket(r.review_started_at, r.report_sent_at)::text, 1
  FROM released WHERE r.review_started_at IS NOT NULL AND r.report_sent_at IS NOT NULL
  UNION ALL
  SELECT month, 'person_review', '', public.clinical_hours_bucket(r.report_sent_at, r.completed_at)::text, 1
  FROM released WHERE r.report_sent_at IS NOT NULL
  UNION ALL
  SELECT month, 'sla', '',
    CASE WHEN r.sla_due_at IS NULL OR r.completed_at <= r.sla_due_at THEN 'on_time' ELSE 'late' END, 1
  FROM released
  UNION ALL
  SELECT month, 'urgent', '', 'flagged', 1 FROM flagged
  UNION ALL
  SELECT month, 'urgent', '', 'contacted', 1 FROM flagged WHERE r.safety_contacted_at IS NOT NULL
  UNION ALL
  SELECT month, 'first_contact', '', public.clinical_hours_bucket(r.urgent_at, r.safety_contacted_at)::text, 1
  FROM flagged WHERE r.safety_contacted_at IS NOT NULL
  UNION ALL
  SELECT date_trunc('month', r.closed_at AT TIME ZONE 'UTC')::date, 'declined', '', '', 1
  WHERE r.status = 'declined' AND r.closed_at IS NOT NULL
$$;
--> statement-breakpoint
-- Adds netted contributions: a time to its histogram's bucket (counts[bucket + 1]), a count to its
-- key. One statement a row, since two contributions to one histogram row cannot share a statement.
CREATE FUNCTION clinical_add(month date, measure text, doctor_id text, key text, delta integer)
RETURNS void
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  IF measure IN ('turnaround', 'queue', 'review', 'person_review', 'first_contact') THEN
    INSERT INTO public.clinical_hours AS h (month, measure, doctor_id, counts)
    SELECT clinical_add.month, clinical_add.measure, clinical_add.doctor_id,
      array_agg(CASE WHEN i = key::integer THEN delta ELSE 0 END ORDER BY i)
    FROM generate_series(0, 162) i
    ON CONFLICT ON CONSTRAINT clinical_hours_month_measure_doctor_id_pk
    DO UPDATE SET counts[key::integer + 1] = h.counts[key::integer + 1] + delta;
  ELSE
    INSERT INTO public.clinical_count AS c (month, measure, key, value)
    VALUES (clinical_add.month, clinical_add.measure, clinical_add.key, delta)
    ON CONFLICT ON CONSTRAINT clinical_count_month_measure_key_pk
    DO UPDATE SET value = c.value + EXCLUDED.value;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION clinical_referral_maintain() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  -- OLD is null on an insert and NEW on a delete: a null row contributes nothing.
  PERFORM public.clinical_add(d.month, d.measure, d.doctor_id, d.key, d.delta)
  FROM (
    SELECT x.month, x.measure, x.doctor_id, x.key, sum(x.value)::integer AS delta
    FROM (
      SELECT o.month, o.measure, o.doctor_id, o.key, -o.value AS value
      FROM public.clinical_referral_contribution(OLD) o WHERE TG_OP IN ('UPDATE', 'DELETE')
      UNION ALL
      SELECT n.month, n.measure, n.doctor_id, n.key, n.value
      FROM public.clinical_referral_contribution(NEW) n WHERE TG_OP IN ('INSERT', 'UPDATE')
    ) x
    GROUP BY 1, 2, 3, 4
    HAVING sum(x.value) <> 0
    ORDER BY 1, 2, 3, 4
  ) d;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clinical_referral_insert_delete AFTER INSERT OR DELETE ON referral
  FOR EACH ROW EXECUTE FUNCTION clinical_referral_maintain();
--> statement-breakpoint
-- Only a change of what the referral contributes moves it between counts.
CREATE TRIGGER clinical_referral_update AFTER UPDATE ON referral
  FOR EACH ROW WHEN (
    (OLD.assigned_doctor_id, OLD.submitted_at, OLD.review_started_at, OLD.report_sent_at,
      OLD.completed_at, OLD.sla_due_at, OLD.urgent_at, OLD.safety_contacted_at, OLD.status, OLD.closed_at)
    IS DISTINCT FROM
    (NEW.assigned_doctor_id, NEW.submitted_at, NEW.review_started_at, NEW.report_sent_at,
      NEW.completed_at, NEW.sla_due_at, NEW.urgent_at, NEW.safety_contacted_at, NEW.status, NEW.closed_at)
  )
  EXECUTE FUNCTION clinical_referral_maintain();
--> statement-breakpoint
-- Every version the person decided on, in the month decided (an amendment's version is a decision
-- of its own, as the person made one).
CREATE FUNCTION clinical_report_version_maintain() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  PERFORM public.clinical_add(d.month, 'decision', '', d.key, d.delta)
  FROM (
    SELECT x.month, x.key, sum(x.value)::integer AS delta
    FROM (
      SELECT date_trunc('month', OLD.decided_at AT TIME ZONE 'UTC')::date AS month,
        coalesce(OLD.subject_decision, '') AS key, -1 AS value
      WHERE TG_OP IN ('UPDATE', 'DELETE') AND OLD.decided_at IS NOT NULL
      UNION ALL
      SELECT date_trunc('month', NEW.decided_at AT TIME ZONE 'UTC')::date,
        coalesce(NEW.subject_decision, ''), 1
      WHERE TG_OP IN ('INSERT', 'UPDATE') AND NEW.decided_at IS NOT NULL
    ) x
    GROUP BY 1, 2
    HAVING sum(x.value) <> 0
    ORDER BY 1, 2
  ) d;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clinical_report_version_insert_delete AFTER INSERT OR DELETE ON report_version
  FOR EACH ROW EXECUTE FUNCTION clinical_report_version_maintain();
--> statement-breakpoint
CREATE TRIGGER clinical_report_version_update AFTER UPDATE ON report_version
  FOR EACH ROW WHEN (
    (OLD.decided_at, OLD.subject_decision) IS DISTINCT FROM (NEW.decided_at, NEW.subject_decision)
  )
  EXECUTE FUNCTION clinical_report_version_maintain();
--> statement-breakpoint
-- The audit trail is append-only (0001_audit_append_only): a refusal is counted once, when written,
-- under each problem it names.
CREATE FUNCTION clinical_refusal_count() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  PERFORM public.clinical_add(date_trunc('month', NEW.occurred_at AT TIME ZONE 'UTC')::date, 'refusal', '', p.problem, p.n)
  FROM (
    SELECT problem, count(*)::integer AS n
    FROM jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(NEW.details -> 'problems') = 'array' THEN NEW.details -> 'problems' ELSE '[]'::jsonb END
    ) AS e(problem)
    GROUP BY problem
    ORDER BY problem
  ) p;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clinical_refusal_insert AFTER INSERT ON audit_event
  FOR EACH ROW WHEN (NEW.action = 'doctor.report_sign_refused')
  EXECUTE FUNCTION clinical_refusal_count();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: emptying a counted table empties what it counted (the audit
-- trail refuses TRUNCATE).
CREATE FUNCTION clinical_truncate() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public, pg_temp
AS $$
BEGIN
  IF TG_TABLE_NAME = 'referral' THEN
    DELETE FROM public.clinical_hours;
    DELETE FROM public.clinical_count WHERE measure IN ('sla', 'urgent', 'declined');
  ELSE
    DELETE FROM public.clinical_count WHERE measure = 'decision';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clinical_referral_truncate AFTER TRUNCATE ON referral
  FOR EACH STATEMENT EXECUTE FUNCTION clinical_truncate();
--> statement-breakpoint
CREATE TRIGGER clinical_report_version_truncate AFTER TRUNCATE ON report_version
  FOR EACH STATEMENT EXECUTE FUNCTION clinical_truncate();
--> statement-breakpoint
-- Counts everything afresh, set-based: this migration's back-fill, and a bench seed's that wrote its
-- rows with the row triggers off (scripts/lib/count-clinical.ts). Not for a running service: a
-- change committed while it runs could be counted twice or not at all.
CREATE FUNCTION clinical_recount() RETURNS void
LANGUAGE sql
SET search_path = pg_catalog, public, pg_temp
AS $$
  DELETE FROM public.clinical_hours;
  DELETE FROM public.clinical_count;
  WITH c AS (
    SELECT x.month, x.measure, x.doctor_id, x.key::integer AS i, sum(x.value)::integer AS n
    FROM public.referral r, public.clinical_referral_contribution(r) x
    WHERE x.measure IN ('turnaround', 'queue', 'review', 'person_review', 'first_contact')
    GROUP BY 1, 2, 3, 4
  )
  INSERT INTO public.clinical_hours (month, measure, doctor_id, counts)
  SELECT g.month, g.measure, g.doctor_id, array_agg(coalesce(c.n, 0) ORDER BY s.i)
  FROM (SELECT DISTINCT month, measure, doctor_id FROM c) g
  CROSS JOIN generate_series(0, 162) s(i)
  LEFT JOIN c ON c.month = g.month AND c.measure = g.measure AND c.doctor_id = g.doctor_id AND c.i = s.i
  GROUP BY 1, 2, 3;
  INSERT INTO public.clinical_count (month, measure, key, value)
  SELECT x.month, x.measure, x.key, sum(x.value)::integer
  FROM public.referral r, public.clinical_referral_contribution(r) x
  WHERE x.measure NOT IN ('turnaround', 'queue', 'review', 'person_review', 'first_contact')
  GROUP BY 1, 2, 3;
  INSERT INTO public.clinical_count (month, measure, key, value)
  SELECT date_trunc('month', decided_at AT TIME ZONE 'UTC')::date, 'decision', coalesce(subject_decision, ''), count(*)::integer
  FROM public.report_version WHERE decided_at IS NOT NULL
  GROUP BY 1, 3;
  INSERT INTO public.clinical_count (month, measure, key, value)
  SELECT date_trunc('month', e.occurred_at AT TIME ZONE 'UTC')::date, 'refusal', p.problem, count(*)::integer
  FROM public.audit_event e,
    jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(e.details -> 'problems') = 'array' THEN e.details -> 'problems' ELSE '[]'::jsonb END
    ) AS p(problem)
  WHERE e.action = 'doctor.report_sign_refused'
  GROUP BY 1, 3;
$$;
--> statement-breakpoint
-- What is already there, counted once (the triggers above lock each table against writes until
-- this migration commits, so nothing is counted by both).
SELECT clinical_recount();
