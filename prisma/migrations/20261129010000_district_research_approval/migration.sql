-- District research approval: each district's research policy on file, its research officers,
-- each project's approval from each target district with its history, and the e-mailed review
-- links for offices with no officer account.

ALTER TYPE "ConsentType" ADD VALUE 'DISTRICT_POLICY_CHECKED';

CREATE TYPE "DistrictApprovalRequired" AS ENUM ('yes', 'no', 'unknown');
CREATE TYPE "DistrictApprovalScope" AS ENUM ('all_staff_research', 'school_hours_or_devices');
CREATE TYPE "DistrictApprovalStatus" AS ENUM ('not_requested', 'requested', 'approved', 'declined', 'not_needed');

CREATE TABLE "district_research_policies" (
    "leaid" CHAR(7) NOT NULL,
    "approval_required" "DistrictApprovalRequired" NOT NULL DEFAULT 'unknown',
    "scope" "DistrictApprovalScope",
    "office_name" TEXT,
    "office_email" TEXT,
    "office_phone" TEXT,
    "office_url" TEXT,
    "typical_review_days" SMALLINT,
    "documents" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "gift_limit_cents" INTEGER,
    "source" TEXT NOT NULL,
    "source_date" DATE NOT NULL,
    "updated_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "district_research_policies_pkey" PRIMARY KEY ("leaid"),
    CONSTRAINT "district_research_policies_leaid_fkey" FOREIGN KEY ("leaid") REFERENCES "districts"("leaid") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "district_research_policies_updated_by_id_fkey" FOREIGN KEY ("updated_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "district_research_policies_approval_required_idx" ON "district_research_policies"("approval_required");

CREATE TABLE "district_officers" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "leaid" CHAR(7) NOT NULL,
    "granted_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "district_officers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "district_officers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "district_officers_leaid_fkey" FOREIGN KEY ("leaid") REFERENCES "districts"("leaid") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "district_officers_granted_by_id_fkey" FOREIGN KEY ("granted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "district_officers_user_id_leaid_key" ON "district_officers"("user_id", "leaid");
CREATE INDEX "district_officers_leaid_idx" ON "district_officers"("leaid");

CREATE TABLE "project_district_approvals" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "leaid" CHAR(7) NOT NULL,
    "status" "DistrictApprovalStatus" NOT NULL DEFAULT 'not_requested',
    "added_by" TEXT NOT NULL,
    "requested_at" TIMESTAMPTZ(3),
    "requested_by_id" UUID,
    "packet" JSONB,
    "answered_at" TIMESTAMPTZ(3),
    "expires_on" DATE,
    "conditions" TEXT,
    "decline_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "project_district_approvals_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "project_district_approvals_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "project_district_approvals_leaid_fkey" FOREIGN KEY ("leaid") REFERENCES "districts"("leaid") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "project_district_approvals_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "project_district_approvals_project_id_leaid_key" ON "project_district_approvals"("project_id", "leaid");
CREATE INDEX "project_district_approvals_leaid_status_idx" ON "project_district_approvals"("leaid", "status");

CREATE TABLE "project_district_approval_events" (
    "id" UUID NOT NULL,
    "approval_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "actor_side" TEXT NOT NULL,
    "actor_user_id" UUID,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "project_district_approval_events_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "project_district_approval_events_approval_id_fkey" FOREIGN KEY ("approval_id") REFERENCES "project_district_approvals"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "project_district_approval_events_actor_user_id_fkey" FOREIGN KEY ("actor_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "project_district_approval_events_approval_id_created_at_idx" ON "project_district_approval_events"("approval_id", "created_at");

CREATE TABLE "district_review_tokens" (
    "id" UUID NOT NULL,
    "approval_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "sent_to" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "answered_at" TIMESTAMPTZ(3),
    "question_asked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "district_review_tokens_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "district_review_tokens_approval_id_fkey" FOREIGN KEY ("approval_id") REFERENCES "project_district_approvals"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "district_review_tokens_token_hash_key" ON "district_review_tokens"("token_hash");
CREATE INDEX "district_review_tokens_approval_id_idx" ON "district_review_tokens"("approval_id");
