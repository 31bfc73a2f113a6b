-- Who may book a fee: a focus group's attendance marks are kept per place and correctable by the
-- client until the session's correction window closes (when the pay is booked), and an expert's
-- claim that the client missed a session waits for an admin instead of booking a fee at once.

-- CreateEnum
CREATE TYPE "SeatOutcome" AS ENUM ('attended', 'no_show', 'not_needed');

-- CreateEnum
CREATE TYPE "NoShowClaimState" AS ENUM ('open', 'upheld', 'dismissed');

-- AlterTable
ALTER TABLE "study_sessions" ADD COLUMN "attendance_settled_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "study_seats" ADD COLUMN "outcome" "SeatOutcome";

-- Sessions whose attendance was recorded before the window existed were booked then: settled.
UPDATE "study_sessions" SET "attendance_settled_at" = "attendance_taken_at" WHERE "attendance_taken_at" IS NOT NULL;

-- CreateTable
CREATE TABLE "no_show_claims" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "expert_user_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "state" "NoShowClaimState" NOT NULL DEFAULT 'open',
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by_id" UUID,
    "resolution_note" TEXT,

    CONSTRAINT "no_show_claims_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "no_show_claims_engagement_id_key" ON "no_show_claims"("engagement_id");

-- CreateIndex
CREATE INDEX "no_show_claims_state_opened_at_idx" ON "no_show_claims"("state", "opened_at");

-- AddForeignKey
ALTER TABLE "no_show_claims" ADD CONSTRAINT "no_show_claims_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;
