-- The per-session page cache is retired (docs/decisions/0030-signed-in-pages-rendered-per-request.md):
-- nothing listens for change notices any more, so no write pays for one. Every trigger that calls
-- the notice function goes, found by the function it calls rather than by a list of tables, so a
-- table that gained a trigger on another branch loses it too; then the function itself.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT g.tgname, g.tgrelid::regclass AS tbl
      FROM pg_trigger g JOIN pg_proc p ON p.oid = g.tgfoid
     WHERE p.proname = 'k12_announce_data_change' AND NOT g.tgisinternal
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', t.tgname, t.tbl);
  END LOOP;
END $$;

DROP FUNCTION IF EXISTS k12_announce_data_change();
