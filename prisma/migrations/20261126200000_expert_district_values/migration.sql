-- The linked district's locale group, enrollment band and poverty quartile on the expert's own
-- row, so the directory filters on them through listed-expert indexes like its other filters
-- (a join to districts would leave the planner to guess across two tables at a million experts).

-- AlterTable
ALTER TABLE "experts" ADD COLUMN     "district_enrollment_band" "DistrictEnrollmentBand",
ADD COLUMN     "district_locale_group" "DistrictLocaleGroup",
ADD COLUMN     "district_poverty_quartile" SMALLINT;

-- The one home of the rule "an expert's copy equals their district's values". In the database
-- rather than the app: every writer of district_leaid (the school e-mail link, the admin's pick,
-- the demo seed, the foreign key's SET NULL when a district goes) and every change to a
-- district's values (the import, the poverty quartiles recomputed over all districts) passes
-- through here, and none of them can forget it.
CREATE FUNCTION k12_expert_district_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.district_leaid IS NULL THEN
    NEW.district_locale_group := NULL;
    NEW.district_enrollment_band := NULL;
    NEW.district_poverty_quartile := NULL;
  ELSE
    SELECT d.locale_group, d.enrollment_band, d.poverty_quartile
      INTO NEW.district_locale_group, NEW.district_enrollment_band, NEW.district_poverty_quartile
      FROM districts d WHERE d.leaid = NEW.district_leaid;
  END IF;
  RETURN NEW;
END $$;

-- Only when the link (or the copy itself) is written: a profile edit does not pay for it.
CREATE TRIGGER experts_district_values BEFORE INSERT OR UPDATE OF district_leaid, district_locale_group, district_enrollment_band, district_poverty_quartile
  ON experts FOR EACH ROW EXECUTE FUNCTION k12_expert_district_values();

CREATE FUNCTION k12_district_values_to_experts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE experts SET district_locale_group = NEW.locale_group, district_enrollment_band = NEW.enrollment_band,
    district_poverty_quartile = NEW.poverty_quartile
  WHERE district_leaid = NEW.leaid;
  RETURN NULL;
END $$;

CREATE TRIGGER districts_values_to_experts AFTER UPDATE OF locale_group, enrollment_band, poverty_quartile ON districts FOR EACH ROW
  WHEN (OLD.locale_group IS DISTINCT FROM NEW.locale_group OR OLD.enrollment_band IS DISTINCT FROM NEW.enrollment_band
    OR OLD.poverty_quartile IS DISTINCT FROM NEW.poverty_quartile)
  EXECUTE FUNCTION k12_district_values_to_experts();

-- Experts linked before these columns existed.
UPDATE experts SET district_leaid = district_leaid WHERE district_leaid IS NOT NULL;

-- CreateIndex
CREATE INDEX "experts_listed_district_locale_idx" ON "experts"("verification_status", "is_public_profile", "district_locale_group", "created_at" DESC);

-- CreateIndex
CREATE INDEX "experts_listed_district_band_idx" ON "experts"("verification_status", "is_public_profile", "district_enrollment_band", "created_at" DESC);

-- CreateIndex
CREATE INDEX "experts_listed_district_poverty_idx" ON "experts"("verification_status", "is_public_profile", "district_poverty_quartile", "created_at" DESC);

-- A cell of the district universe (locale group, poverty quartile and enrollment band chosen
-- together, as a sample asks for them) is one range of this index; single filters use the ones above.
CREATE INDEX "experts_listed_district_cell_idx" ON "experts"("verification_status", "is_public_profile", "district_locale_group", "district_poverty_quartile", "district_enrollment_band", "created_at" DESC);
