-- The district directory: every US school district from the NCES and Census public files, keyed
-- by the NCES LEAID, and a record of each import run.

-- CreateEnum
CREATE TYPE "DistrictLocaleGroup" AS ENUM ('city', 'suburb', 'town', 'rural');

-- CreateEnum
CREATE TYPE "DistrictEnrollmentBand" AS ENUM ('under_1000', 'from_1000_to_4999', 'from_5000_to_24999', 'from_25000_to_99999', 'at_least_100000');

-- CreateEnum
CREATE TYPE "DistrictStatus" AS ENUM ('open', 'closed', 'new', 'added', 'changed_agency', 'inactive', 'future', 'reopened');

-- CreateTable
CREATE TABLE "districts" (
    "leaid" CHAR(7) NOT NULL,
    "name" TEXT NOT NULL,
    "state" CHAR(2) NOT NULL,
    "city" TEXT,
    "website" TEXT,
    "website_domain" TEXT,
    "agency_type" SMALLINT,
    "agency_type_text" TEXT,
    "status" "DistrictStatus",
    "locale_code" SMALLINT,
    "locale_group" "DistrictLocaleGroup",
    "enrollment" INTEGER,
    "enrollment_band" "DistrictEnrollmentBand",
    "school_age_population" INTEGER,
    "school_age_in_poverty" INTEGER,
    "poverty_share" DOUBLE PRECISION,
    "poverty_quartile" SMALLINT,
    "sources" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "districts_pkey" PRIMARY KEY ("leaid")
);

-- CreateTable
CREATE TABLE "district_imports" (
    "id" UUID NOT NULL,
    "files" JSONB NOT NULL,
    "added" INTEGER NOT NULL,
    "changed" INTEGER NOT NULL,
    "closed" INTEGER NOT NULL,
    "unmatched" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "district_imports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "districts_website_domain_idx" ON "districts"("website_domain");

-- CreateIndex
CREATE INDEX "districts_locale_group_idx" ON "districts"("locale_group");

-- CreateIndex
CREATE INDEX "districts_enrollment_band_idx" ON "districts"("enrollment_band");

-- CreateIndex
CREATE INDEX "districts_poverty_quartile_idx" ON "districts"("poverty_quartile");

