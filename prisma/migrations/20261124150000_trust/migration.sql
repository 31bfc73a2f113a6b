-- AlterEnum

ALTER TYPE "ConsentType" ADD VALUE 'EXPERT_AGREEMENT';
ALTER TYPE "ConsentType" ADD VALUE 'OUTSIDE_ACTIVITY';
ALTER TYPE "ConsentType" ADD VALUE 'RESEARCH_ATTESTATION';

-- AlterEnum
ALTER TYPE "OneTimeTokenPurpose" ADD VALUE 'work_email_verification';

-- AlterTable
ALTER TABLE "engagements" ADD COLUMN     "conflict_note" TEXT,
ADD COLUMN     "decline_payment" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "experts" ADD COLUMN     "employer_domain" TEXT,
ADD COLUMN     "employer_name" TEXT,
ADD COLUMN     "work_email" TEXT,
ADD COLUMN     "work_email_domain" TEXT,
ADD COLUMN     "work_email_reconfirm_requested_at" TIMESTAMPTZ(3),
ADD COLUMN     "work_email_school_year" INTEGER,
ADD COLUMN     "work_email_verified_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "one_time_tokens" ADD COLUMN     "email" TEXT;

-- AlterTable
ALTER TABLE "user_consents" ADD COLUMN     "engagement_id" UUID,
ADD COLUMN     "project_id" UUID;

-- CreateTable
CREATE TABLE "district_domains" (
    "id" UUID NOT NULL,
    "domain" TEXT NOT NULL,
    "district_name" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "added_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "district_domains_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "declared_relationships" (
    "id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "normalized_name" TEXT NOT NULL,
    "domain" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "declared_relationships_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "district_domains_domain_key" ON "district_domains"("domain");

-- CreateIndex
CREATE INDEX "declared_relationships_expert_id_idx" ON "declared_relationships"("expert_id");

-- CreateIndex
CREATE INDEX "declared_relationships_normalized_name_idx" ON "declared_relationships"("normalized_name");

-- CreateIndex
CREATE INDEX "declared_relationships_domain_idx" ON "declared_relationships"("domain");

-- CreateIndex
CREATE INDEX "experts_work_email_school_year_idx" ON "experts"("work_email_school_year");

-- CreateIndex
CREATE INDEX "user_consents_engagement_id_idx" ON "user_consents"("engagement_id");

-- CreateIndex
CREATE INDEX "user_consents_project_id_idx" ON "user_consents"("project_id");

-- AddForeignKey
ALTER TABLE "declared_relationships" ADD CONSTRAINT "declared_relationships_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
