-- A confirmed school e-mail names its district: experts and the admin's district domains point at
-- a district in the directory, the admin can leave a domain without one, and an uploaded import
-- waits on the job queue with its files and reports its progress.

-- CreateEnum
CREATE TYPE "DistrictImportStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- AlterTable
ALTER TABLE "district_domains" ADD COLUMN     "leaid" CHAR(7);

-- AlterTable
ALTER TABLE "district_imports" ADD COLUMN     "created_by_id" UUID,
ADD COLUMN     "error" TEXT,
ADD COLUMN     "finished_at" TIMESTAMPTZ(3),
ADD COLUMN     "progress" SMALLINT NOT NULL DEFAULT 100,
ADD COLUMN     "status" "DistrictImportStatus" NOT NULL DEFAULT 'done',
ALTER COLUMN "files" SET DEFAULT '[]',
ALTER COLUMN "added" SET DEFAULT 0,
ALTER COLUMN "changed" SET DEFAULT 0,
ALTER COLUMN "closed" SET DEFAULT 0,
ALTER COLUMN "unmatched" SET DEFAULT 0;

-- AlterTable
ALTER TABLE "experts" ADD COLUMN     "district_leaid" CHAR(7);

-- CreateTable
CREATE TABLE "district_review_dismissals" (
    "expert_id" UUID NOT NULL,
    "domain" TEXT NOT NULL,
    "dismissed_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "district_review_dismissals_pkey" PRIMARY KEY ("expert_id")
);

-- CreateTable
CREATE TABLE "district_import_uploads" (
    "id" UUID NOT NULL,
    "import_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "district_import_uploads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "district_import_uploads_import_id_idx" ON "district_import_uploads"("import_id");

-- CreateIndex
CREATE INDEX "district_domains_leaid_idx" ON "district_domains"("leaid");

-- CreateIndex
CREATE INDEX "district_imports_created_at_idx" ON "district_imports"("created_at" DESC);

-- CreateIndex
CREATE INDEX "experts_district_leaid_idx" ON "experts"("district_leaid");

-- AddForeignKey
ALTER TABLE "experts" ADD CONSTRAINT "experts_district_leaid_fkey" FOREIGN KEY ("district_leaid") REFERENCES "districts"("leaid") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "district_domains" ADD CONSTRAINT "district_domains_leaid_fkey" FOREIGN KEY ("leaid") REFERENCES "districts"("leaid") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "district_review_dismissals" ADD CONSTRAINT "district_review_dismissals_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "district_import_uploads" ADD CONSTRAINT "district_import_uploads_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "district_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The admin's domains already on file point at the district whose website uses exactly that
-- domain, when only one does; the others stay name-and-state overrides until the admin picks one.
UPDATE "district_domains" dd SET "leaid" = m."leaid"
FROM (
    SELECT "website_domain", min("leaid") AS "leaid" FROM "districts"
    WHERE "website_domain" IS NOT NULL GROUP BY "website_domain" HAVING count(*) = 1
) m
WHERE m."website_domain" = dd."domain";
