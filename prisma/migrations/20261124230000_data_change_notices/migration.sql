-- Every committed write to the app's tables is announced on the channel k12_data_change (payload:
-- the table), after commit, to every server instance that listens: a signed-in page an instance
-- keeps for a session is served again only while nothing changed (lib/render-cache.mjs,
-- docs/decisions/0029-render-cache.md). Statement-level, so a bulk write is one notice, and
-- PostgreSQL folds equal notices of one transaction into one.
CREATE FUNCTION k12_announce_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('k12_data_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('_prisma_migrations', 'auth_sessions') LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change()', t || '_announce_change', t);
  END LOOP;
END;
$$;

-- A session's once-a-minute last-seen touch changes nothing a page shows (the security page's
-- "last seen" is minute-grained): announcing it would end every kept page once a minute per
-- active user. Signing in and out, re-authentication and expiry are announced.
CREATE TRIGGER auth_sessions_announce_change AFTER INSERT OR DELETE OR TRUNCATE ON auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change();
CREATE TRIGGER auth_sessions_announce_update AFTER UPDATE OF id, user_id, kind, scope, created_at, authenticated_at, expires_at, revoked_at, revoked_reason, user_agent, ip_address ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change();
