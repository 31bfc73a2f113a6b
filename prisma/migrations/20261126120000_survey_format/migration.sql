-- Surveys run as surveys: a link out with an opaque participant id, end addresses back with a
-- code, and the response reviewed like a completed session.
ALTER TYPE "EngagementState" ADD VALUE IF NOT EXISTS 'submitted';
ALTER TYPE "EngagementState" ADD VALUE IF NOT EXISTS 'over_quota';
ALTER TYPE "EngagementState" ADD VALUE IF NOT EXISTS 'rejected';

ALTER TABLE "projects"
  ADD COLUMN "research_type" "ResearchType",
  ADD COLUMN "survey_url" TEXT,
  ADD COLUMN "completion_code" TEXT,
  ADD COLUMN "screen_out_code" TEXT,
  ADD COLUMN "over_quota_code" TEXT,
  ADD COLUMN "screen_out_cents" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "over_quota_cents" INTEGER NOT NULL DEFAULT 0,
  ADD CONSTRAINT "projects_survey_pay_not_negative" CHECK ("screen_out_cents" >= 0 AND "over_quota_cents" >= 0);

ALTER TABLE "engagements"
  ADD COLUMN "participant_id" TEXT,
  ADD COLUMN "survey_started_at" TIMESTAMPTZ(3),
  ADD COLUMN "submitted_at" TIMESTAMPTZ(3);

CREATE UNIQUE INDEX "engagements_participant_id_key" ON "engagements"("participant_id");
