-- AlterTable
ALTER TABLE "experts" ADD COLUMN     "certifications" TEXT[] DEFAULT ARRAY[]::TEXT[];
