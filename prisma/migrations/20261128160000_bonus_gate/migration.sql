-- Bonuses pass the money gate: they wait for a billing member's approval above the
-- organisation's threshold, then sit in Pending QC like any earning. Bonuses paid before this
-- were Available at once and billed in full: they stay so.
CREATE TYPE "BonusState" AS ENUM ('awaiting_approval', 'declined', 'pending_qc', 'available');

ALTER TABLE "bonuses" ADD COLUMN "state" "BonusState" NOT NULL DEFAULT 'available';
ALTER TABLE "bonuses" ALTER COLUMN "state" SET DEFAULT 'pending_qc';
ALTER TABLE "bonuses" ADD COLUMN "prepaid_cents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "bonuses" ADD COLUMN "qc_ends_at" TIMESTAMPTZ(3);
ALTER TABLE "bonuses" ADD COLUMN "released_at" TIMESTAMPTZ(3);
ALTER TABLE "bonuses" ADD COLUMN "decided_by_id" UUID;
ALTER TABLE "bonuses" ADD COLUMN "decided_at" TIMESTAMPTZ(3);
UPDATE "bonuses" SET "released_at" = "created_at", "qc_ends_at" = "created_at";

CREATE INDEX "bonuses_organization_id_state_idx" ON "bonuses"("organization_id", "state");
CREATE INDEX "bonuses_state_qc_ends_at_idx" ON "bonuses"("state", "qc_ends_at");

ALTER TABLE "organizations" ADD COLUMN "bonus_approval_cents" INTEGER NOT NULL DEFAULT 10000;
