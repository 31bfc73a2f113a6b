-- CreateEnum
CREATE TYPE "SamplePlanMode" AS ENUM ('targets', 'proportional');

-- CreateEnum
CREATE TYPE "SampleWeighting" AS ENUM ('district', 'enrollment');


-- CreateTable
CREATE TABLE "sample_plans" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "mode" "SamplePlanMode" NOT NULL,
    "dimensions" TEXT[],
    "weighting" "SampleWeighting",
    "total_size" INTEGER,
    "cells" JSONB NOT NULL,
    "updated_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sample_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sample_placements" (
    "engagement_id" UUID NOT NULL,
    "plan_id" UUID NOT NULL,
    "cell_key" TEXT,
    "waitlisted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sample_placements_pkey" PRIMARY KEY ("engagement_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sample_plans_project_id_key" ON "sample_plans"("project_id");

-- CreateIndex
CREATE INDEX "sample_placements_plan_id_cell_key_idx" ON "sample_placements"("plan_id", "cell_key");

-- AddForeignKey
ALTER TABLE "sample_plans" ADD CONSTRAINT "sample_plans_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sample_placements" ADD CONSTRAINT "sample_placements_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sample_placements" ADD CONSTRAINT "sample_placements_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "sample_plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

