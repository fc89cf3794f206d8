-- The audit trail's hash chain (ADR 0008). Each event's hash covers its own fields and the hash
-- before it, so editing, deleting or inserting a row anywhere breaks every later link.
-- The canonical text: every field as `<octet length>:<text>` or `-` for NULL, joined by `|`;
-- scripts/audit-verify.ts rebuilds exactly this text from the row.
CREATE OR REPLACE FUNCTION audit_event_canonical(e audit_event) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT string_agg(CASE WHEN f IS NULL THEN '-' ELSE octet_length(f) || ':' || f END, '|' ORDER BY n)
  FROM unnest(ARRAY[
    e.chain_seq::text,
    e.id::text,
    to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.actor_id,
    e.actor_role,
    e.organisation_id,
    e.action,
    e.object_type,
    e.object_id,
    e.outcome,
    e.ip::text,
    e.request_id,
    e.details::text
  ]) WITH ORDINALITY AS t(f, n)
$$;
--> statement-breakpoint
-- One writer at a time links onto the chain: a transaction-scoped advisory lock (released at
-- commit) and a fresh read of the last link. Works the same on PGlite and PostgreSQL.
CREATE OR REPLACE FUNCTION audit_event_link() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(7220531001);
  SELECT chain_seq, hash INTO last_seq, last_hash
    FROM audit_event WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  NEW.occurred_at := COALESCE(NEW.occurred_at, now());
  NEW.chain_seq := COALESCE(last_seq, 0) + 1;
  NEW.prev_hash := COALESCE(last_hash, repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(NEW.prev_hash || E'\n' || audit_event_canonical(NEW), 'UTF8')), 'hex');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Events written before the chain existed join it in id order (the append-only trigger is
-- paused for this one backfill, inside the migration's transaction).
ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only;
--> statement-breakpoint
DO $$
DECLARE
  r audit_event;
  seq bigint := 0;
  prev text := repeat('0', 64);
BEGIN
  FOR r IN SELECT * FROM audit_event ORDER BY id LOOP
    seq := seq + 1;
    r.chain_seq := seq;
    r.prev_hash := prev;
    prev := encode(sha256(convert_to(prev || E'\n' || audit_event_canonical(r), 'UTF8')), 'hex');
    UPDATE audit_event SET chain_seq = seq, prev_hash = r.prev_hash, hash = prev WHERE id = r.id;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only;
--> statement-breakpoint
CREATE TRIGGER audit_event_link
BEFORE INSERT ON "audit_event"
FOR EACH ROW EXECUTE FUNCTION audit_event_link();
