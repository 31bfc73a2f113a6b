-- CreateIndex
CREATE INDEX "experts_updated_at_idx" ON "experts"("updated_at" DESC);


-- ───────── Directory filters Prisma's schema language cannot express ─────────
-- Prisma sends enum values as CAST($n::text AS "Enum"), which the planner cannot match against
-- a partial index's predicate, so these indexes carry no WHERE.

-- One GIN index over every exact, array and partial-match filter (btree_gin lets the scalar
-- columns join the arrays and trigrams), so a combination of filters intersects inside one
-- index scan, where GIN skips through a common term's long list. The listed flags are
-- left out: 'verified' matches most rows, and intersecting its long posting list costs more
-- than re-checking the few rows the filters leave.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX "experts_listed_filters_gin_idx" ON "experts" USING gin ("state", "district_type", "district_size", "urbanicity", "availability_status", "tags", "tools_platforms", "role_title" gin_trgm_ops, "department" gin_trgm_ops);

-- The client variant's rate range (000 §7) is an OR over these three columns: counted from
-- this index alone (the listed flags lead it, for the reason above).
CREATE INDEX "experts_listed_rates_idx" ON "experts" ("verification_status", "is_public_profile", "hourly_rate_min_cents", "hourly_rate_max_cents", "show_rates");

-- Never chosen for the reason above; the (verification_status, is_public_profile, created_at)
-- index serves the default page.
DROP INDEX "experts_directory_default_idx";
