-- Each engagement keeps the incentive the expert said yes to: a later cut of the project's pay
-- applies only to engagements created after it. Existing engagements take their project's
-- current amount, which is what they would have been paid until now.
ALTER TABLE "engagements" ADD COLUMN "incentive_cents" INTEGER;
UPDATE "engagements" e SET "incentive_cents" = p."compensation_cents" FROM "projects" p WHERE p."id" = e."project_id";
ALTER TABLE "engagements" ALTER COLUMN "incentive_cents" SET NOT NULL;
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_incentive_cents_check" CHECK ("incentive_cents" >= 0);
