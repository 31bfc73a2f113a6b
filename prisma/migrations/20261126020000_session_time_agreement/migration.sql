-- A session's time is agreed by both sides, or waits for the other side; a new time is a
-- proposal the other side accepts. Sessions booked before this rule count as agreed when booked.
ALTER TABLE "engagement_sessions" ADD COLUMN     "agreed_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "proposed_at" TIMESTAMPTZ(3),
ADD COLUMN     "proposed_by" TEXT,
ADD COLUMN     "proposed_reason" TEXT,
ADD COLUMN     "proposed_slot_id" UUID,
ADD COLUMN     "proposed_starts_at" TIMESTAMPTZ(3);

UPDATE "engagement_sessions" SET "agreed_at" = "created_at";
