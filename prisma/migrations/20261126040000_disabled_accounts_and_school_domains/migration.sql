-- A disabled account stops everywhere: what disabling changed is remembered, so that enabling
-- the account again restores exactly that (its open projects reopen, its profile is listed).
ALTER TABLE "experts" ADD COLUMN "hidden_for_disabled_account" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "projects" ADD COLUMN "paused_for_disabled_account" BOOLEAN NOT NULL DEFAULT false;

-- Only a domain known as a school or district earns the school e-mail badge. An address on any
-- other domain is confirmed (the link was followed) and waits for an admin to accept or reject
-- its domain.
ALTER TABLE "experts" ADD COLUMN "work_email_confirmed_at" TIMESTAMPTZ(3);

CREATE TABLE "rejected_work_domains" (
    "domain" TEXT NOT NULL,
    "rejected_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rejected_work_domains_pkey" PRIMARY KEY ("domain")
);

-- Rejecting a domain changes what its experts' settings say: anyone's pages.
CREATE TRIGGER rejected_work_domains_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rejected_work_domains
  FOR EACH STATEMENT EXECUTE FUNCTION k12_announce_data_change('all');

-- The admin's review list reads the confirmed addresses still waiting, by domain; few rows at
-- any time, so a small partial index. (Hand-written: `prisma migrate diff` lists a DROP INDEX
-- line for it; leave it out.)
CREATE INDEX "experts_work_email_review_idx" ON "experts" ("work_email_domain") WHERE "work_email_confirmed_at" IS NOT NULL AND "work_email_verified_at" IS NULL;

-- Every address confirmed so far was confirmed when it was verified.
UPDATE "experts" SET "work_email_confirmed_at" = "work_email_verified_at" WHERE "work_email_verified_at" IS NOT NULL;

-- Badges earned on a domain the platform does not know as a school or district (neither on the
-- admin's district list, nor under it, nor `*.k12.<state>.us`) go back to review: the badge said
-- more than anyone had checked. The address, its school year and the confirmation stay.
UPDATE "experts" e SET "work_email_verified_at" = NULL
WHERE e."work_email_verified_at" IS NOT NULL
  AND NOT (coalesce(e."work_email_domain", '') ~ '(^|\.)k12\.[a-z]{2}\.us$')
  AND NOT EXISTS (
    SELECT 1 FROM "district_domains" d
    WHERE e."work_email_domain" = d."domain" OR e."work_email_domain" LIKE '%.' || d."domain"
  );
