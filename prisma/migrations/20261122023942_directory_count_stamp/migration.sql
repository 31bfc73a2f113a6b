-- CreateIndex
CREATE INDEX "experts_updated_at_idx" ON "experts"("updated_at" DESC);


-- ───────── Directory filters Prisma's schema language cannot express ─────────
-- Prisma sends enum values as CAST($n::text AS "Enum"), which the planner cannot match against
-- a partial index's predicate, so the listed flags lead these indexes instead of a WHERE.

-- One GIN index over every exact and array filter (btree_gin lets the scalar columns join the
-- arrays), so a combination of filters intersects inside one index scan.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX "experts_listed_filters_gin_idx" ON "experts" USING gin ("verification_status", "is_public_profile", "state", "district_type", "district_size", "urbanicity", "availability_status", "tags", "tools_platforms");

-- The client variant's rate range (000 §7) is an OR over these three columns: counted from
-- this index alone.
CREATE INDEX "experts_listed_rates_idx" ON "experts" ("verification_status", "is_public_profile", "hourly_rate_min_cents", "hourly_rate_max_cents", "show_rates");

-- Never chosen for the reason above; the (verification_status, is_public_profile, created_at)
-- index serves the default page.
DROP INDEX "experts_directory_default_idx";
