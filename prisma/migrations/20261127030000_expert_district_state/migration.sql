-- The linked district's state on the expert's row, beside its locale group, enrollment band and
-- poverty quartile, and one index over all of a sample plan's cell columns: a client recruiting
-- for a plan reads the experts in its open cells (up to three of locale, size, poverty, state or
-- region, and role) through one index scan instead of a join to districts per expert.

-- AlterTable
ALTER TABLE "experts" ADD COLUMN "district_state" CHAR(2);

-- The copy rule of migration 20261126200000, now with the state.
CREATE OR REPLACE FUNCTION k12_expert_district_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.district_leaid IS NULL THEN
    NEW.district_locale_group := NULL;
    NEW.district_enrollment_band := NULL;
    NEW.district_poverty_quartile := NULL;
    NEW.district_state := NULL;
  ELSE
    SELECT d.locale_group, d.enrollment_band, d.poverty_quartile, upper(d.state)
      INTO NEW.district_locale_group, NEW.district_enrollment_band, NEW.district_poverty_quartile, NEW.district_state
      FROM districts d WHERE d.leaid = NEW.district_leaid;
  END IF;
  RETURN NEW;
END $$;

DROP TRIGGER experts_district_values ON experts;
CREATE TRIGGER experts_district_values BEFORE INSERT OR UPDATE OF district_leaid, district_locale_group, district_enrollment_band, district_poverty_quartile, district_state
  ON experts FOR EACH ROW EXECUTE FUNCTION k12_expert_district_values();

CREATE OR REPLACE FUNCTION k12_district_values_to_experts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE experts SET district_locale_group = NEW.locale_group, district_enrollment_band = NEW.enrollment_band,
    district_poverty_quartile = NEW.poverty_quartile, district_state = upper(NEW.state)
  WHERE district_leaid = NEW.leaid;
  RETURN NULL;
END $$;

DROP TRIGGER districts_values_to_experts ON districts;
CREATE TRIGGER districts_values_to_experts AFTER UPDATE OF locale_group, enrollment_band, poverty_quartile, state ON districts FOR EACH ROW
  WHEN (OLD.locale_group IS DISTINCT FROM NEW.locale_group OR OLD.enrollment_band IS DISTINCT FROM NEW.enrollment_band
    OR OLD.poverty_quartile IS DISTINCT FROM NEW.poverty_quartile OR OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION k12_district_values_to_experts();

-- Experts linked before this column existed.
UPDATE experts SET district_leaid = district_leaid WHERE district_leaid IS NOT NULL;

-- A sample plan's cells: GIN intersects the posting lists of the cell's two or three values in
-- one scan, whichever dimensions the plan crosses (a btree would need one index per combination).
-- Partial like the other listed-expert GIN index; Prisma's schema cannot express it, so it lives
-- here only (lib/samples/cell-sql.ts writes the conditions it answers).
CREATE INDEX "experts_listed_sample_cell_gin_idx" ON "experts" USING gin (
  "district_locale_group", "district_enrollment_band", "district_poverty_quartile", "district_state", (lower(btrim("role_title")))
) WHERE "is_public_profile" AND "district_leaid" IS NOT NULL;
