-- CreateEnum
CREATE TYPE "StudyDocumentKind" AS ENUM ('consent', 'irb_approval');

-- CreateTable
CREATE TABLE "study_documents" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "kind" "StudyDocumentKind" NOT NULL,
    "version" INTEGER NOT NULL,
    "file_name" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "expires_on" DATE,
    "uploaded_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "study_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "study_consent_signatures" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "engagement_id" UUID,
    "expert_id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "document_version" INTEGER NOT NULL,
    "document_sha256" TEXT NOT NULL,
    "typed_name" TEXT NOT NULL,
    "signed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip_address" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "study_consent_signatures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "study_consent_withdrawals" (
    "engagement_id" UUID NOT NULL,
    "withdrawn_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip_address" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "study_consent_withdrawals_pkey" PRIMARY KEY ("engagement_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "study_documents_project_id_kind_version_key" ON "study_documents"("project_id", "kind", "version");

-- CreateIndex
CREATE INDEX "study_consent_signatures_project_id_signed_at_idx" ON "study_consent_signatures"("project_id", "signed_at");

-- CreateIndex
CREATE INDEX "study_consent_signatures_engagement_id_idx" ON "study_consent_signatures"("engagement_id");

-- CreateIndex
CREATE UNIQUE INDEX "study_consent_signatures_document_id_expert_id_key" ON "study_consent_signatures"("document_id", "expert_id");

-- AddForeignKey
ALTER TABLE "study_documents" ADD CONSTRAINT "study_documents_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "study_consent_signatures" ADD CONSTRAINT "study_consent_signatures_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "study_documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "study_consent_signatures" ADD CONSTRAINT "study_consent_signatures_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "study_consent_signatures" ADD CONSTRAINT "study_consent_signatures_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "study_consent_withdrawals" ADD CONSTRAINT "study_consent_withdrawals_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;
