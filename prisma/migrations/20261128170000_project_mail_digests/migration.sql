-- A project's choice of e-mail about applications, seats and responses (each event or a digest), the notices held for a digest, and each digest sent (once per period).
-- CreateEnum
CREATE TYPE "ProjectMailMode" AS ENUM ('every_event', 'hourly', 'daily');

-- CreateEnum
CREATE TYPE "DigestFrequency" AS ENUM ('hourly', 'daily');

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "mail_mode" "ProjectMailMode";

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "digest_due_at" TIMESTAMPTZ(3),
ADD COLUMN     "digest_frequency" "DigestFrequency",
ADD COLUMN     "digest_id" UUID;

-- CreateTable
CREATE TABLE "project_mail_digests" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "frequency" "DigestFrequency" NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "period_end" TIMESTAMPTZ(3) NOT NULL,
    "counts" JSONB NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "project_mail_digests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "project_mail_digests_project_id_sent_at_idx" ON "project_mail_digests"("project_id", "sent_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "project_mail_digests_project_id_user_id_frequency_period_en_key" ON "project_mail_digests"("project_id", "user_id", "frequency", "period_end");

-- CreateIndex
CREATE INDEX "notifications_digest_due_at_digest_id_idx" ON "notifications"("digest_due_at", "digest_id");

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_digest_id_fkey" FOREIGN KEY ("digest_id") REFERENCES "project_mail_digests"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_mail_digests" ADD CONSTRAINT "project_mail_digests_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_mail_digests" ADD CONSTRAINT "project_mail_digests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

