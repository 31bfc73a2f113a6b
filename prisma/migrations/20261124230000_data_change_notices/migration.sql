-- Every committed write to the app's tables is announced on the channel k12_data_change, after
-- commit, to every server instance that listens: a signed-in page an instance keeps for a
-- session is served again only while nothing it could show has changed (lib/render-cache.mjs,
-- docs/decisions/0029-render-cache.md). Statement-level, so a bulk write is one notice, and
-- PostgreSQL folds equal notices of one transaction into one. The payload says whose pages the
-- rows can appear on, as tokens separated by spaces (admins' pages end on every notice):
--   '*'          anyone's (the default: names, engagements, ratings, settings, ...);
--   'u:<id>'     that user's (rows they own or take part in: their sessions, notifications,
--                ledger accounts, engagements, ...);
--   'g:expert'  every expert's, 'g:client' every client's (projects are offered to experts,
--                every client searches the experts);
--   '-'          only admins' (sign-in attempts, abuse limits, audit-like rows).
-- A table is announced narrower than '*' only when no other page shows its rows.

-- TG_ARGV[0]: 'all', 'admins' or 'owners'; for 'owners', TG_ARGV[1] selects the owners' user ids
-- from the statement's rows: `$rows` (for an update: the rows before and after), or `$new` and
-- `$old` (an update that compares them); TG_ARGV[2], if given, the groups whose pages show them too.
CREATE FUNCTION k12_announce_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  query text;
  touched bigint;
  owners text;
  groups text := CASE WHEN TG_NARGS > 2 AND TG_ARGV[2] <> '' THEN ' ' || TG_ARGV[2] ELSE '' END;
BEGIN
  IF TG_ARGV[0] = 'all' THEN
    PERFORM pg_notify('k12_data_change', '*');
    RETURN NULL;
  ELSIF TG_ARGV[0] = 'admins' THEN
    PERFORM pg_notify('k12_data_change', '-');
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND position('$rows' IN TG_ARGV[1]) > 0 THEN
    query := replace(TG_ARGV[1], '$rows', 'k12_new_rows') || ' UNION ALL ' || replace(TG_ARGV[1], '$rows', 'k12_old_rows');
  ELSE
    query := replace(replace(replace(TG_ARGV[1], '$rows', CASE TG_OP WHEN 'DELETE' THEN 'k12_old_rows' ELSE 'k12_new_rows' END), '$new', 'k12_new_rows'), '$old', 'k12_old_rows');
  END IF;
  EXECUTE format('SELECT count(*), string_agg(DISTINCT ''u:'' || owner::text, '' '') FROM (%s) AS s(owner)', query) INTO touched, owners;
  IF touched = 0 THEN
    RETURN NULL; -- the statement changed no row (or, for a session, only its last-seen touch)
  ELSIF owners IS NULL THEN
    PERFORM pg_notify('k12_data_change', '-' || groups); -- rows without an owner (the platform's own accounts)
  ELSIF length(owners) > 7000 THEN
    PERFORM pg_notify('k12_data_change', '*'); -- too many owners for one notice (at most 8,000 bytes)
  ELSE
    PERFORM pg_notify('k12_data_change', owners || groups);
  END IF;
  RETURN NULL;
END;
$$;

-- One owned table: its three write triggers (each with the transition tables its event has)
-- and its TRUNCATE trigger (no rows to read: anyone's pages).
CREATE FUNCTION k12_announce_owned(tbl text, owners text, groups text DEFAULT '') RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS k12_new_rows FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change(''owners'', %L, %L)', tbl || '_announce_insert', tbl, owners, groups);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS k12_new_rows OLD TABLE AS k12_old_rows FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change(''owners'', %L, %L)', tbl || '_announce_update', tbl, owners, groups);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS k12_old_rows FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change(''owners'', %L, %L)', tbl || '_announce_delete', tbl, owners, groups);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change(''all'')', tbl || '_announce_truncate', tbl);
END;
$$;

SELECT k12_announce_owned(t, 'SELECT user_id FROM $rows')
FROM unnest(ARRAY['refresh_tokens', 'one_time_tokens', 'password_credentials', 'user_consents', 'notification_preferences', 'notifications', 'payouts', 'tax_forms']) AS t;
SELECT k12_announce_owned('ledger_accounts', 'SELECT owner_user_id FROM $rows');
SELECT k12_announce_owned('ledger_entries', 'SELECT a.owner_user_id FROM $rows r JOIN ledger_accounts a ON a.id = r.account_id');
SELECT k12_announce_owned('client_statement_payments', 'SELECT client_user_id FROM $rows');
-- An engagement and what hangs off it: its expert's and its client's pages only (every read
-- outside admin pages is scoped to one of the two parties).
SELECT k12_announce_owned('engagements', 'SELECT x.user_id FROM $rows r JOIN experts x ON x.id = r.expert_id UNION ALL SELECT client_user_id FROM $rows');
SELECT k12_announce_owned(t, 'SELECT x.user_id FROM $rows r JOIN engagements g ON g.id = r.engagement_id JOIN experts x ON x.id = g.expert_id UNION ALL SELECT g.client_user_id FROM $rows r JOIN engagements g ON g.id = r.engagement_id')
FROM unnest(ARRAY['engagement_events', 'time_proposals', 'engagement_sessions']) AS t;
SELECT k12_announce_owned('earnings', 'SELECT expert_user_id FROM $rows UNION ALL SELECT client_user_id FROM $rows');
-- Shown beyond their owner to a whole group: an expert's profile to every client (search,
-- shortlists, engagements), a project to every expert (opportunities, trending topics).
SELECT k12_announce_owned('experts', 'SELECT user_id FROM $rows', 'g:client');
SELECT k12_announce_owned('projects', 'SELECT client_user_id FROM $rows', 'g:expert');
-- What an expert keeps beside the profile: their pages and every client's (open slots, expertise,
-- school blackouts for proposed times, declared relationships for conflict notices).
SELECT k12_announce_owned(t, 'SELECT x.user_id FROM $rows r JOIN experts x ON x.id = r.expert_id', 'g:client')
FROM unnest(ARRAY['availability_slots', 'expertise_ratings', 'school_blackouts', 'declared_relationships']) AS t;
-- An expert's feedback on a study and a client's shortlist: their own pages only.
SELECT k12_announce_owned('feedback_submissions', 'SELECT x.user_id FROM $rows r JOIN experts x ON x.id = r.expert_id');
SELECT k12_announce_owned('shortlists', 'SELECT client_user_id FROM $rows');

-- A session's once-a-minute last-seen touch changes nothing a page shows (the security page's
-- "last seen" is minute-grained): announcing it would end its user's kept pages every minute.
-- Signing in and out, re-authentication and expiry are announced.
CREATE TRIGGER auth_sessions_announce_insert AFTER INSERT ON auth_sessions REFERENCING NEW TABLE AS k12_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change('owners', 'SELECT user_id FROM $rows');
CREATE TRIGGER auth_sessions_announce_update AFTER UPDATE ON auth_sessions REFERENCING NEW TABLE AS k12_new_rows OLD TABLE AS k12_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change('owners',
    'SELECT n.user_id FROM $new n JOIN $old o ON o.id = n.id WHERE (n.user_id, n.kind, n.scope, n.created_at, n.authenticated_at, n.expires_at, n.revoked_at, n.revoked_reason, n.user_agent, n.ip_address) IS DISTINCT FROM (o.user_id, o.kind, o.scope, o.created_at, o.authenticated_at, o.expires_at, o.revoked_at, o.revoked_reason, o.user_agent, o.ip_address) UNION ALL SELECT o.user_id FROM $old o JOIN $new n ON n.id = o.id WHERE n.user_id IS DISTINCT FROM o.user_id');
CREATE TRIGGER auth_sessions_announce_delete AFTER DELETE ON auth_sessions REFERENCING OLD TABLE AS k12_old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change('owners', 'SELECT user_id FROM $rows');
CREATE TRIGGER auth_sessions_announce_truncate AFTER TRUNCATE ON auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change('all');

-- Rows only admins' pages show. Ledger transactions are written once, always with their entries
-- (which name the owners), and never changed.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sign_in_attempts', 'rate_limit_hits', 'impersonation_events', 'contact_messages', 'payout_exports', 'expert_verification_events', 'ledger_transactions'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change(''admins'')', t || '_announce_change', t);
  END LOOP;
END;
$$;

-- Every other table: anyone's pages.
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g JOIN pg_proc p ON p.oid = g.tgfoid WHERE g.tgrelid = c.oid AND p.proname = 'k12_announce_data_change')
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change(''all'')', t || '_announce_change', t);
  END LOOP;
END;
$$;

DROP FUNCTION k12_announce_owned(text, text, text);
