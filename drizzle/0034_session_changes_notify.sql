-- Every change to what a signed-in request's session lookup reads (session, user, member,
-- organisation, doctor_profile) is announced on the channel `session_changes`, so each server
-- process drops what it cached of it before its next request (docs/decisions/0013-session-cache.md).
-- NOTIFY is delivered on commit, and identical payloads in one transaction are sent once.
-- Payloads: 'user:<user id>', 'organisation:<organisation id>', or 'all' (a TRUNCATE).
-- TG_ARGV[0] is the kind, TG_ARGV[1] the column holding the id; the rows are read through
-- to_jsonb so one function serves every table.
CREATE FUNCTION session_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('session_changes', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('session_changes', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION session_changes_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', 'all');
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A new session changes no cached lookup (each is cached under its own cookie): only updates and
-- deletes (sign-out, revocation, expiry, a password reset) are announced. An update that changes
-- only expires_at and updated_at is the role's sliding expiry (app/domain/accounts/
-- session-lifetime.ts), written at most once a minute per session: announcing it would make every
-- process read the session again after each slide. Nothing is lost by leaving it out: every
-- process checks the role's idle and absolute limits against each request's time itself, the
-- absolute one from created_at, and the process that slid moves its own copy. Ending a session is
-- deleting its row, never moving its expiry (docs/decisions/0013-session-cache.md).
CREATE TRIGGER session_changes_session_update AFTER UPDATE ON session
  FOR EACH ROW WHEN (
    (to_jsonb(OLD) - 'expires_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'expires_at' - 'updated_at')
  )
  EXECUTE FUNCTION session_changes_notify('user', 'user_id');--> statement-breakpoint
CREATE TRIGGER session_changes_session_delete AFTER DELETE ON session
  FOR EACH ROW EXECUTE FUNCTION session_changes_notify('user', 'user_id');--> statement-breakpoint
CREATE TRIGGER session_changes_session_truncate AFTER TRUNCATE ON session
  FOR EACH STATEMENT EXECUTE FUNCTION session_changes_notify_all();--> statement-breakpoint
-- The user row gives the name, e-mail, platform role and whether two-factor is on.
CREATE TRIGGER session_changes_user AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION session_changes_notify('user', 'id');--> statement-breakpoint
CREATE TRIGGER session_changes_user_truncate AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION session_changes_notify_all();--> statement-breakpoint
-- A membership added, removed or changed in role changes the person's organisations.
CREATE TRIGGER session_changes_member AFTER INSERT OR UPDATE OR DELETE ON member
  FOR EACH ROW EXECUTE FUNCTION session_changes_notify('user', 'user_id');--> statement-breakpoint
CREATE TRIGGER session_changes_member_truncate AFTER TRUNCATE ON member
  FOR EACH STATEMENT EXECUTE FUNCTION session_changes_notify_all();--> statement-breakpoint
-- An organisation's name and details are shown to every member (header, switcher).
CREATE TRIGGER session_changes_organisation AFTER UPDATE OR DELETE ON organisation
  FOR EACH ROW EXECUTE FUNCTION session_changes_notify('organisation', 'id');--> statement-breakpoint
CREATE TRIGGER session_changes_organisation_truncate AFTER TRUNCATE ON organisation
  FOR EACH STATEMENT EXECUTE FUNCTION session_changes_notify_all();--> statement-breakpoint
-- A doctor's access flag (an administrator revokes or restores it).
CREATE TRIGGER session_changes_doctor_profile AFTER INSERT OR UPDATE OR DELETE ON doctor_profile
  FOR EACH ROW EXECUTE FUNCTION session_changes_notify('user', 'user_id');--> statement-breakpoint
CREATE TRIGGER session_changes_doctor_profile_truncate AFTER TRUNCATE ON doctor_profile
  FOR EACH STATEMENT EXECUTE FUNCTION session_changes_notify_all();
