-- Trigger functions resolve names through a path of their own, not the caller's (ADR 0010).
-- Without it, a session that puts a table named audit_event ahead of public in its search_path
-- (a schema it created, or its own temporary schema) made audit_event_link read that table's
-- last link instead of the trail's, and every later event broke the chain for good.
-- `pg_temp` is named last: left out, PostgreSQL searches it first for tables. The link runs as the
-- owner (SECURITY DEFINER), as PostgreSQL's guidance for such functions has it, and names every
-- table and function with its schema besides.
CREATE OR REPLACE FUNCTION audit_event_link() RETURNS trigger
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp
AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_catalog.pg_advisory_xact_lock(7220531001);
  SELECT chain_seq, hash INTO last_seq, last_hash
    FROM public.audit_event WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  NEW.occurred_at := COALESCE(NEW.occurred_at, pg_catalog.now());
  NEW.chain_seq := COALESCE(last_seq, 0) + 1;
  NEW.prev_hash := COALESCE(last_hash, pg_catalog.repeat('0', 64));
  NEW.hash := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(NEW.prev_hash || E'\n' || public.audit_event_canonical(NEW), 'UTF8')), 'hex');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION audit_event_canonical(audit_event) SET search_path = pg_catalog, public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION audit_event_refuse_change() SET search_path = pg_catalog, public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION report_version_refuse_change() SET search_path = pg_catalog, public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION report_refuse_reopen() SET search_path = pg_catalog, public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION questionnaire_definition_refuse_change() SET search_path = pg_catalog, public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION referral_count_maintain() SET search_path = pg_catalog, public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION referral_count_truncate() SET search_path = pg_catalog, public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION session_changes_notify() SET search_path = pg_catalog, public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION session_changes_notify_all() SET search_path = pg_catalog, public, pg_temp;
