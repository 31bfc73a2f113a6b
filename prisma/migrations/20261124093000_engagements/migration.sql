-- CreateEnum
CREATE TYPE "ProjectVisibility" AS ENUM ('open', 'invite_only');

-- CreateEnum
CREATE TYPE "EngagementState" AS ENUM ('invited', 'applied', 'screened_out', 'accepted', 'declined', 'scheduled', 'completed', 'no_show', 'cancelled');

-- CreateEnum
CREATE TYPE "EngagementOrigin" AS ENUM ('invite', 'application');

-- CreateEnum
CREATE TYPE "EngagementSessionStatus" AS ENUM ('scheduled', 'completed', 'no_show', 'cancelled');

-- AlterEnum
ALTER TYPE "ProjectStatus" ADD VALUE 'paused';

-- AlterTable
ALTER TABLE "client_profiles" ADD COLUMN     "time_zone" TEXT;

-- AlterTable
ALTER TABLE "experts" ADD COLUMN     "invites_paused_until" DATE,
ADD COLUMN     "school_days" INTEGER[] DEFAULT ARRAY[1, 2, 3, 4, 5]::INTEGER[],
ADD COLUMN     "school_hours_end" TEXT NOT NULL DEFAULT '15:30',
ADD COLUMN     "school_hours_start" TEXT NOT NULL DEFAULT '07:30';

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "closed_at" TIMESTAMPTZ(3),
ADD COLUMN     "quota" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "screener_id" UUID,
ADD COLUMN     "time_zone" TEXT NOT NULL DEFAULT 'America/New_York',
ADD COLUMN     "visibility" "ProjectVisibility" NOT NULL DEFAULT 'open';

-- CreateTable
CREATE TABLE "screeners" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "questions" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "screeners_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "engagements" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "client_user_id" UUID NOT NULL,
    "origin" "EngagementOrigin" NOT NULL,
    "state" "EngagementState" NOT NULL,
    "message" TEXT,
    "screener_id" UUID,
    "screener_answers" JSONB,
    "late_cancel" BOOLEAN NOT NULL DEFAULT false,
    "cancelled_by_id" UUID,
    "cancelled_at" TIMESTAMPTZ(3),
    "cancel_reason" TEXT,
    "completed_at" TIMESTAMPTZ(3),
    "client_rating" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "engagements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "engagement_events" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "actor_user_id" UUID,
    "actor_side" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "from_state" "EngagementState",
    "to_state" "EngagementState" NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "engagement_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "time_proposals" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "time_proposals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "engagement_sessions" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "status" "EngagementSessionStatus" NOT NULL DEFAULT 'scheduled',
    "meeting_url" TEXT,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "slot_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "engagement_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "school_blackouts" (
    "id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "starts_on" DATE NOT NULL,
    "ends_on" DATE NOT NULL,
    "label" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "school_blackouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "href" TEXT NOT NULL,
    "engagement_id" UUID,
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "platform_settings" (
    "key" TEXT NOT NULL,
    "value" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by" UUID,

    CONSTRAINT "platform_settings_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "screeners_project_id_version_key" ON "screeners"("project_id", "version");

-- CreateIndex
CREATE INDEX "engagements_expert_id_state_idx" ON "engagements"("expert_id", "state");

-- CreateIndex
CREATE INDEX "engagements_project_id_state_idx" ON "engagements"("project_id", "state");

-- CreateIndex
CREATE INDEX "engagements_client_user_id_created_at_idx" ON "engagements"("client_user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "engagements_project_id_expert_id_key" ON "engagements"("project_id", "expert_id");

-- CreateIndex
CREATE INDEX "engagement_events_engagement_id_created_at_idx" ON "engagement_events"("engagement_id", "created_at");

-- CreateIndex
CREATE INDEX "time_proposals_engagement_id_starts_at_idx" ON "time_proposals"("engagement_id", "starts_at");

-- CreateIndex
CREATE UNIQUE INDEX "engagement_sessions_engagement_id_key" ON "engagement_sessions"("engagement_id");

-- CreateIndex
CREATE INDEX "engagement_sessions_status_starts_at_idx" ON "engagement_sessions"("status", "starts_at");

-- CreateIndex
CREATE INDEX "school_blackouts_expert_id_starts_on_idx" ON "school_blackouts"("expert_id", "starts_on");

-- CreateIndex
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications"("user_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "projects_screener_id_key" ON "projects"("screener_id");

-- CreateIndex
CREATE INDEX "projects_status_deadline_idx" ON "projects"("status", "deadline");

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_screener_id_fkey" FOREIGN KEY ("screener_id") REFERENCES "screeners"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screeners" ADD CONSTRAINT "screeners_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_client_user_id_fkey" FOREIGN KEY ("client_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_screener_id_fkey" FOREIGN KEY ("screener_id") REFERENCES "screeners"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagement_events" ADD CONSTRAINT "engagement_events_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagement_events" ADD CONSTRAINT "engagement_events_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_proposals" ADD CONSTRAINT "time_proposals_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engagement_sessions" ADD CONSTRAINT "engagement_sessions_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "school_blackouts" ADD CONSTRAINT "school_blackouts_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- Data: today's invites, applications (of project-backed opportunities) and schedules become
-- engagements, their sessions and a first history event each. Applications of opportunities
-- that belong to no project had nobody to answer them and are not carried over.
INSERT INTO "engagements" (id, project_id, expert_id, client_user_id, origin, state, message, created_at, updated_at)
SELECT i.id, i.project_id, i.expert_id, i.client_user_id, 'invite',
       CASE i.status WHEN 'accepted' THEN 'accepted'::"EngagementState" WHEN 'declined' THEN 'declined'::"EngagementState" ELSE 'invited'::"EngagementState" END,
       i.message, i.created_at, i.updated_at
FROM "invites" i
ON CONFLICT DO NOTHING;

INSERT INTO "engagements" (id, project_id, expert_id, client_user_id, origin, state, completed_at, client_rating, created_at, updated_at)
SELECT a.id, o.project_id, a.expert_id, p.client_user_id, 'application',
       CASE a.status WHEN 'pending' THEN 'applied'::"EngagementState" WHEN 'accepted' THEN 'accepted'::"EngagementState"
                     WHEN 'completed' THEN 'completed'::"EngagementState" WHEN 'rejected' THEN 'declined'::"EngagementState"
                     ELSE 'cancelled'::"EngagementState" END,
       a.completed_at, a.client_rating, a.applied_at, a.updated_at
FROM "opportunity_applications" a
JOIN "opportunities" o ON o.id = a.opportunity_id
JOIN "projects" p ON p.id = o.project_id
ON CONFLICT DO NOTHING;

INSERT INTO "engagements" (id, project_id, expert_id, client_user_id, origin, state, created_at, updated_at)
SELECT s.id, s.project_id, s.expert_id, s.client_user_id, 'invite', 'accepted', s.created_at, s.created_at
FROM "schedules" s
ON CONFLICT DO NOTHING;

UPDATE "engagements" e
SET state = CASE s.status WHEN 'completed' THEN 'completed'::"EngagementState" WHEN 'cancelled' THEN 'cancelled'::"EngagementState" ELSE 'scheduled'::"EngagementState" END
FROM "schedules" s
WHERE s.project_id = e.project_id AND s.expert_id = e.expert_id AND e.state IN ('invited', 'accepted');

INSERT INTO "engagement_sessions" (id, engagement_id, starts_at, ends_at, status, updated_at)
SELECT DISTINCT ON (e.id) s.id, e.id, s.scheduled_at, s.scheduled_at + make_interval(mins => s.duration_minutes),
       s.status::text::"EngagementSessionStatus", s.created_at
FROM "schedules" s
JOIN "engagements" e ON e.project_id = s.project_id AND e.expert_id = s.expert_id
ORDER BY e.id, s.scheduled_at DESC;

INSERT INTO "engagement_events" (id, engagement_id, actor_user_id, actor_side, kind, from_state, to_state, reason, created_at)
SELECT gen_random_uuid(), e.id, NULL, 'system', 'migrated', NULL, e.state, 'Carried over from the earlier invite, application and schedule lists.', e.created_at
FROM "engagements" e;

-- Rules the database keeps whatever the code does.
ALTER TABLE "projects" ADD CONSTRAINT "projects_quota_positive" CHECK (quota >= 1);
ALTER TABLE "engagements" ADD CONSTRAINT "engagements_client_rating_range" CHECK (client_rating BETWEEN 1 AND 5);
ALTER TABLE "engagement_sessions" ADD CONSTRAINT "engagement_sessions_ends_after_start" CHECK (ends_at > starts_at);
ALTER TABLE "school_blackouts" ADD CONSTRAINT "school_blackouts_range" CHECK (ends_on >= starts_on);

-- DropForeignKey
ALTER TABLE "invites" DROP CONSTRAINT "invites_client_user_id_fkey";

-- DropForeignKey
ALTER TABLE "invites" DROP CONSTRAINT "invites_expert_id_fkey";

-- DropForeignKey
ALTER TABLE "invites" DROP CONSTRAINT "invites_project_id_fkey";

-- DropForeignKey
ALTER TABLE "opportunity_applications" DROP CONSTRAINT "opportunity_applications_expert_id_fkey";

-- DropForeignKey
ALTER TABLE "opportunity_applications" DROP CONSTRAINT "opportunity_applications_opportunity_id_fkey";

-- DropForeignKey
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_client_user_id_fkey";

-- DropForeignKey
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_expert_id_fkey";

-- DropForeignKey
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_project_id_fkey";

-- DropTable
DROP TABLE "invites";

-- DropTable
DROP TABLE "opportunity_applications";

-- DropTable
DROP TABLE "schedules";

-- DropEnum
DROP TYPE "InviteStatus";

-- DropEnum
DROP TYPE "ScheduleStatus";
