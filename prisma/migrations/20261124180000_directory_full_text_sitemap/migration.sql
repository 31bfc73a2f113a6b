-- Issue #19: the directory, search and sitemap at 1,000,000 experts.

-- Free text becomes a full-text match (word prefixes) on one document per expert: role title,
-- organization (only while the expert shows it), bio and tags. IMMUTABLE so an index can hold
-- it (to_tsvector with an explicit configuration is; concat_ws and array_to_string are only
-- STABLE in general, but not for text). lib/services/directory-sql.ts calls it with the same
-- arguments, so the planner matches the index expression.
CREATE FUNCTION experts_search_document(role_title text, organization_name text, show_organization boolean, bio text, tags text[])
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_tsvector('simple'::regconfig, concat_ws(' ', role_title, CASE WHEN show_organization THEN organization_name END, bio, array_to_string(tags, ' ')));

-- The filter GIN index carries the document instead of the organization and bio trigrams, so
-- free text combined with filters still intersects inside one index scan.
-- (Prisma does not know hand-written indexes: `prisma migrate diff` lists DROP INDEX lines for
-- experts_listed_filters_gin_idx, experts_listed_rates_idx and experts_sitemap_idx; leave them out.)
DROP INDEX "experts_listed_filters_gin_idx";
CREATE INDEX "experts_listed_filters_gin_idx" ON "experts" USING gin ("state", "district_type", "district_size", "urbanicity", "availability_status", "tags", "tools_platforms", "role_title" gin_trgm_ops, "department" gin_trgm_ops, experts_search_document("role_title", "organization_name", "show_organization", "bio", "tags"));

-- The bio was only searched by the directory's free text, now the document: one GIN index
-- fewer to update on every profile edit.
DROP INDEX "experts_bio_trgm_idx";

-- The sitemap lists verified public profiles oldest first (new ones append to the last file) in
-- files of 50,000: each file's range and its lastmod are read from this index alone.
CREATE INDEX "experts_sitemap_idx" ON "experts" ("created_at", "id") INCLUDE ("updated_at") WHERE "verification_status" = 'verified' AND "is_public_profile";
