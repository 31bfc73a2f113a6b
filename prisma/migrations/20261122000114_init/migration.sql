-- pg_trgm backs the free-text directory search (GIN trigram indexes below).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'client', 'expert');

-- CreateEnum
CREATE TYPE "VerificationStatus" AS ENUM ('pending', 'verified', 'rejected');

-- CreateEnum
CREATE TYPE "AvailabilityStatus" AS ENUM ('available', 'limited', 'busy', 'unavailable');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('bank_transfer', 'paypal', 'venmo', 'zelle');

-- CreateEnum
CREATE TYPE "OpportunityType" AS ENUM ('interview', 'survey', 'focus_group', 'other');

-- CreateEnum
CREATE TYPE "OpportunityStatus" AS ENUM ('open', 'invited', 'scheduled', 'closed');

-- CreateEnum
CREATE TYPE "ApplicationStatus" AS ENUM ('pending', 'accepted', 'rejected', 'completed', 'withdrawn');

-- CreateEnum
CREATE TYPE "PayoutStatus" AS ENUM ('pending', 'processing', 'paid', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "ConsentType" AS ENUM ('PRIVACY', 'TERMS', 'PAYMENT');

-- CreateEnum
CREATE TYPE "DistrictType" AS ENUM ('public', 'charter', 'private', 'independent', 'ies', 'other');

-- CreateEnum
CREATE TYPE "DistrictSize" AS ENUM ('small', 'medium', 'large', 'very-large');

-- CreateEnum
CREATE TYPE "Urbanicity" AS ENUM ('urban', 'suburban', 'rural', 'mixed');

-- CreateEnum
CREATE TYPE "PurchaseInfluence" AS ENUM ('low', 'medium', 'high');

-- CreateEnum
CREATE TYPE "SurveyType" AS ENUM ('rating', 'text');

-- CreateEnum
CREATE TYPE "ResearchType" AS ENUM ('online_surveys', 'phone_interviews', 'video_interviews', 'focus_groups', 'product_testing', 'policy_feedback', 'curriculum_review', 'educational_research_studies');

-- CreateEnum
CREATE TYPE "InterviewPreference" AS ENUM ('video_calls', 'phone_calls', 'surveys_only');

-- CreateEnum
CREATE TYPE "ContactRole" AS ENUM ('expert', 'client', 'other');

-- CreateEnum
CREATE TYPE "ContactMessageStatus" AS ENUM ('pending', 'sent', 'failed');

-- CreateEnum
CREATE TYPE "OneTimeTokenPurpose" AS ENUM ('email_verification', 'password_reset');

-- CreateEnum
CREATE TYPE "InviteStatus" AS ENUM ('pending', 'accepted', 'declined');

-- CreateEnum
CREATE TYPE "ScheduleStatus" AS ENUM ('scheduled', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "ProjectStatus" AS ENUM ('open', 'closed');

-- CreateEnum
CREATE TYPE "ImpersonationAction" AS ENUM ('start', 'stop');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "email_verified_at" TIMESTAMPTZ(3),
    "session_version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_credentials" (
    "user_id" UUID NOT NULL,
    "hash" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "password_credentials_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "user_roles" (
    "user_id" UUID NOT NULL,
    "role" "Role" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_roles_pkey" PRIMARY KEY ("user_id","role")
);

-- CreateTable
CREATE TABLE "client_profiles" (
    "user_id" UUID NOT NULL,
    "organization" TEXT NOT NULL,
    "role_title" TEXT NOT NULL,
    "country_code" TEXT,
    "phone" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_profiles_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "one_time_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "purpose" "OneTimeTokenPurpose" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "one_time_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sign_in_attempts" (
    "id" BIGSERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "ip_address" TEXT NOT NULL,
    "succeeded" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_consents" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "consent_type" "ConsentType" NOT NULL,
    "version" TEXT NOT NULL,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "accepted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_consents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "impersonation_events" (
    "id" UUID NOT NULL,
    "admin_user_id" UUID NOT NULL,
    "target_user_id" UUID NOT NULL,
    "action" "ImpersonationAction" NOT NULL,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "impersonation_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "experts" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role_title" TEXT,
    "organization_name" TEXT,
    "organization_type" TEXT,
    "department" TEXT,
    "state" TEXT,
    "city" TEXT,
    "zip_code" TEXT,
    "country_code" TEXT,
    "phone" TEXT,
    "bio" TEXT,
    "verification_status" "VerificationStatus" NOT NULL DEFAULT 'pending',
    "linkedin_verified" BOOLEAN NOT NULL DEFAULT false,
    "linkedin_url" TEXT,
    "linkedin_headline" TEXT,
    "years_experience" INTEGER,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "tools_platforms" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "district_type" "DistrictType",
    "district_size" "DistrictSize",
    "urbanicity" "Urbanicity",
    "purchase_influence" "PurchaseInfluence",
    "research_types" "ResearchType"[] DEFAULT ARRAY[]::"ResearchType"[],
    "availability_status" "AvailabilityStatus" NOT NULL DEFAULT 'available',
    "availability_hours" JSONB NOT NULL DEFAULT '{}',
    "interview_preferences" "InterviewPreference"[] DEFAULT ARRAY[]::"InterviewPreference"[],
    "max_hours_per_week" INTEGER NOT NULL DEFAULT 5,
    "time_zone" TEXT NOT NULL DEFAULT 'America/New_York',
    "is_public_profile" BOOLEAN NOT NULL DEFAULT true,
    "show_organization" BOOLEAN NOT NULL DEFAULT true,
    "show_experience" BOOLEAN NOT NULL DEFAULT true,
    "show_contact_info" BOOLEAN NOT NULL DEFAULT false,
    "show_rates" BOOLEAN NOT NULL DEFAULT true,
    "hourly_rate_min_cents" INTEGER,
    "hourly_rate_max_cents" INTEGER,
    "preferred_payment_method" "PaymentMethod",
    "bank_name" TEXT,
    "account_holder" TEXT,
    "routing_number_enc" TEXT,
    "routing_number_last4" TEXT,
    "account_number_enc" TEXT,
    "account_number_last4" TEXT,
    "paypal_email" TEXT,
    "venmo_username" TEXT,
    "zelle_email" TEXT,
    "w9_consent" BOOLEAN NOT NULL DEFAULT false,
    "step_basics" BOOLEAN NOT NULL DEFAULT false,
    "step_linkedin" BOOLEAN NOT NULL DEFAULT false,
    "step_expertise" BOOLEAN NOT NULL DEFAULT false,
    "step_preferences" BOOLEAN NOT NULL DEFAULT false,
    "step_payments" BOOLEAN NOT NULL DEFAULT false,
    "step_pulse" BOOLEAN NOT NULL DEFAULT false,
    "pulse_scores" JSONB,
    "pulse_score" INTEGER,
    "improvement_areas" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "additional_notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "experts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expertise_ratings" (
    "id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "topic" TEXT NOT NULL,
    "rating" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "expertise_ratings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_preferences" (
    "user_id" UUID NOT NULL,
    "email_opportunities" BOOLEAN NOT NULL DEFAULT true,
    "email_reminders" BOOLEAN NOT NULL DEFAULT true,
    "email_feedback" BOOLEAN NOT NULL DEFAULT false,
    "push_notifications" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "availability_slots" (
    "id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "start_time" TEXT NOT NULL,
    "end_time" TEXT NOT NULL,
    "is_available" BOOLEAN NOT NULL DEFAULT true,
    "timezone" TEXT NOT NULL DEFAULT 'America/New_York',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "availability_slots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "opportunities" (
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "client_organization" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "compensation_cents" INTEGER NOT NULL,
    "opportunity_type" "OpportunityType" NOT NULL,
    "estimated_duration_minutes" INTEGER NOT NULL,
    "location_type" TEXT NOT NULL,
    "deadline" TIMESTAMPTZ(3),
    "status" "OpportunityStatus" NOT NULL DEFAULT 'open',
    "scheduled_time" TIMESTAMPTZ(3),
    "project_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "opportunities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "opportunity_applications" (
    "id" UUID NOT NULL,
    "opportunity_id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "status" "ApplicationStatus" NOT NULL DEFAULT 'pending',
    "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "scheduled_time" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "client_rating" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "opportunity_applications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wallets" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "available_cents" INTEGER NOT NULL DEFAULT 0,
    "pending_cents" INTEGER NOT NULL DEFAULT 0,
    "total_earned_cents" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "wallets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payouts" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "status" "PayoutStatus" NOT NULL DEFAULT 'pending',
    "payment_method" "PaymentMethod",
    "estimated_payout_date" DATE,
    "actual_payout_date" DATE,
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pulse_surveys" (
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "survey_type" "SurveyType" NOT NULL,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "week_number" INTEGER NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pulse_surveys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pulse_responses" (
    "id" UUID NOT NULL,
    "survey_id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "rating" INTEGER,
    "text" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pulse_responses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "feedback_submissions" (
    "id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "opportunity_id" UUID NOT NULL,
    "rating" INTEGER NOT NULL,
    "experience_rating" INTEGER,
    "communication_rating" INTEGER,
    "feedback_text" TEXT,
    "suggestions" TEXT,
    "would_recommend" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "feedback_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "projects" (
    "id" UUID NOT NULL,
    "client_user_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "project_type" "OpportunityType" NOT NULL DEFAULT 'interview',
    "compensation_cents" INTEGER NOT NULL DEFAULT 0,
    "estimated_duration_minutes" INTEGER NOT NULL DEFAULT 30,
    "location_type" TEXT NOT NULL DEFAULT 'remote',
    "deadline" TIMESTAMPTZ(3),
    "status" "ProjectStatus" NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shortlists" (
    "id" UUID NOT NULL,
    "client_user_id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shortlists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invites" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "client_user_id" UUID NOT NULL,
    "status" "InviteStatus" NOT NULL DEFAULT 'pending',
    "message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invites_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "schedules" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "client_user_id" UUID NOT NULL,
    "scheduled_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_minutes" INTEGER NOT NULL DEFAULT 30,
    "status" "ScheduleStatus" NOT NULL DEFAULT 'scheduled',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "schedules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_messages" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "ContactRole" NOT NULL,
    "subject" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "file_url" TEXT,
    "attachment_name" TEXT,
    "attachment_type" TEXT,
    "attachment_size" INTEGER,
    "attachment_data" BYTEA,
    "status" "ContactMessageStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "ip_address" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "one_time_tokens_token_hash_key" ON "one_time_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "one_time_tokens_user_id_purpose_idx" ON "one_time_tokens"("user_id", "purpose");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens"("family_id");

-- CreateIndex
CREATE INDEX "sign_in_attempts_email_created_at_idx" ON "sign_in_attempts"("email", "created_at");

-- CreateIndex
CREATE INDEX "sign_in_attempts_ip_address_created_at_idx" ON "sign_in_attempts"("ip_address", "created_at");

-- CreateIndex
CREATE INDEX "user_consents_user_id_consent_type_accepted_at_idx" ON "user_consents"("user_id", "consent_type", "accepted_at" DESC);

-- CreateIndex
CREATE INDEX "impersonation_events_created_at_idx" ON "impersonation_events"("created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "experts_user_id_key" ON "experts"("user_id");

-- CreateIndex
CREATE INDEX "experts_state_idx" ON "experts"("state");

-- CreateIndex
CREATE INDEX "experts_district_type_idx" ON "experts"("district_type");

-- CreateIndex
CREATE INDEX "experts_district_size_idx" ON "experts"("district_size");

-- CreateIndex
CREATE INDEX "experts_urbanicity_idx" ON "experts"("urbanicity");

-- CreateIndex
CREATE INDEX "experts_availability_status_idx" ON "experts"("availability_status");

-- CreateIndex
CREATE INDEX "experts_verification_status_is_public_profile_created_at_idx" ON "experts"("verification_status", "is_public_profile", "created_at" DESC);

-- CreateIndex
CREATE INDEX "experts_years_experience_idx" ON "experts"("years_experience");

-- CreateIndex
CREATE INDEX "experts_hourly_rate_min_cents_idx" ON "experts"("hourly_rate_min_cents");

-- CreateIndex
CREATE INDEX "experts_hourly_rate_max_cents_idx" ON "experts"("hourly_rate_max_cents");

-- CreateIndex
CREATE INDEX "experts_pulse_score_idx" ON "experts"("pulse_score");

-- CreateIndex
CREATE INDEX "experts_tags_idx" ON "experts" USING GIN ("tags");

-- CreateIndex
CREATE INDEX "experts_tools_platforms_idx" ON "experts" USING GIN ("tools_platforms");

-- CreateIndex
CREATE INDEX "experts_role_title_trgm_idx" ON "experts" USING GIN ("role_title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "experts_organization_name_trgm_idx" ON "experts" USING GIN ("organization_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "experts_bio_trgm_idx" ON "experts" USING GIN ("bio" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "experts_department_trgm_idx" ON "experts" USING GIN ("department" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "expertise_ratings_expert_id_topic_key" ON "expertise_ratings"("expert_id", "topic");

-- CreateIndex
CREATE INDEX "availability_slots_expert_id_date_start_time_idx" ON "availability_slots"("expert_id", "date", "start_time");

-- CreateIndex
CREATE UNIQUE INDEX "opportunities_project_id_key" ON "opportunities"("project_id");

-- CreateIndex
CREATE INDEX "opportunities_status_created_at_idx" ON "opportunities"("status", "created_at" DESC);

-- CreateIndex
CREATE INDEX "opportunity_applications_expert_id_status_idx" ON "opportunity_applications"("expert_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "opportunity_applications_opportunity_id_expert_id_key" ON "opportunity_applications"("opportunity_id", "expert_id");

-- CreateIndex
CREATE UNIQUE INDEX "wallets_user_id_key" ON "wallets"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "payouts_idempotency_key_key" ON "payouts"("idempotency_key");

-- CreateIndex
CREATE INDEX "payouts_user_id_created_at_idx" ON "payouts"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "payouts_status_idx" ON "payouts"("status");

-- CreateIndex
CREATE INDEX "pulse_surveys_week_number_is_active_idx" ON "pulse_surveys"("week_number", "is_active");

-- CreateIndex
CREATE UNIQUE INDEX "pulse_responses_survey_id_expert_id_key" ON "pulse_responses"("survey_id", "expert_id");

-- CreateIndex
CREATE UNIQUE INDEX "feedback_submissions_expert_id_opportunity_id_key" ON "feedback_submissions"("expert_id", "opportunity_id");

-- CreateIndex
CREATE INDEX "projects_client_user_id_created_at_idx" ON "projects"("client_user_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "shortlists_client_user_id_expert_id_key" ON "shortlists"("client_user_id", "expert_id");

-- CreateIndex
CREATE INDEX "invites_expert_id_status_idx" ON "invites"("expert_id", "status");

-- CreateIndex
CREATE INDEX "invites_client_user_id_idx" ON "invites"("client_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "invites_project_id_expert_id_key" ON "invites"("project_id", "expert_id");

-- CreateIndex
CREATE INDEX "schedules_client_user_id_scheduled_at_idx" ON "schedules"("client_user_id", "scheduled_at");

-- CreateIndex
CREATE INDEX "schedules_expert_id_scheduled_at_idx" ON "schedules"("expert_id", "scheduled_at");

-- CreateIndex
CREATE INDEX "contact_messages_status_created_at_idx" ON "contact_messages"("status", "created_at");

-- CreateIndex
CREATE INDEX "contact_messages_ip_address_created_at_idx" ON "contact_messages"("ip_address", "created_at");

-- AddForeignKey
ALTER TABLE "password_credentials" ADD CONSTRAINT "password_credentials_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_consents" ADD CONSTRAINT "user_consents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "impersonation_events" ADD CONSTRAINT "impersonation_events_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "impersonation_events" ADD CONSTRAINT "impersonation_events_target_user_id_fkey" FOREIGN KEY ("target_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experts" ADD CONSTRAINT "experts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expertise_ratings" ADD CONSTRAINT "expertise_ratings_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunity_applications" ADD CONSTRAINT "opportunity_applications_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunity_applications" ADD CONSTRAINT "opportunity_applications_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pulse_responses" ADD CONSTRAINT "pulse_responses_survey_id_fkey" FOREIGN KEY ("survey_id") REFERENCES "pulse_surveys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pulse_responses" ADD CONSTRAINT "pulse_responses_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "feedback_submissions" ADD CONSTRAINT "feedback_submissions_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "feedback_submissions" ADD CONSTRAINT "feedback_submissions_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_user_id_fkey" FOREIGN KEY ("client_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_client_user_id_fkey" FOREIGN KEY ("client_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invites" ADD CONSTRAINT "invites_client_user_id_fkey" FOREIGN KEY ("client_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "experts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_client_user_id_fkey" FOREIGN KEY ("client_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ───────── Rules Prisma's schema language cannot express ─────────

-- E-mails are stored trimmed and lowercased, which makes the unique index case-insensitive.
ALTER TABLE "users" ADD CONSTRAINT "users_email_normalized" CHECK ("email" = lower(btrim("email")));

-- The directory's default filter (verified + public, newest first) as a partial index.
CREATE INDEX "experts_directory_default_idx" ON "experts" ("created_at" DESC) WHERE "verification_status" = 'verified' AND "is_public_profile" = true;

-- Money is never negative; ratings and scores stay in their ranges.
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_amounts_non_negative" CHECK ("available_cents" >= 0 AND "pending_cents" >= 0 AND "total_earned_cents" >= 0);
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amount_positive" CHECK ("amount_cents" > 0);
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_compensation_non_negative" CHECK ("compensation_cents" >= 0 AND "estimated_duration_minutes" > 0);
ALTER TABLE "projects" ADD CONSTRAINT "projects_compensation_non_negative" CHECK ("compensation_cents" >= 0 AND "estimated_duration_minutes" > 0);
ALTER TABLE "experts" ADD CONSTRAINT "experts_rates_valid" CHECK (("hourly_rate_min_cents" IS NULL OR "hourly_rate_min_cents" >= 0) AND ("hourly_rate_max_cents" IS NULL OR "hourly_rate_max_cents" >= 0) AND ("hourly_rate_min_cents" IS NULL OR "hourly_rate_max_cents" IS NULL OR "hourly_rate_min_cents" <= "hourly_rate_max_cents"));
ALTER TABLE "experts" ADD CONSTRAINT "experts_years_range" CHECK ("years_experience" IS NULL OR "years_experience" BETWEEN 0 AND 50);
ALTER TABLE "experts" ADD CONSTRAINT "experts_max_hours_range" CHECK ("max_hours_per_week" BETWEEN 1 AND 20);
ALTER TABLE "experts" ADD CONSTRAINT "experts_pulse_score_range" CHECK ("pulse_score" IS NULL OR "pulse_score" BETWEEN 0 AND 100);
ALTER TABLE "pulse_responses" ADD CONSTRAINT "pulse_responses_rating_range" CHECK ("rating" IS NULL OR "rating" BETWEEN 1 AND 5);
ALTER TABLE "pulse_responses" ADD CONSTRAINT "pulse_responses_not_empty" CHECK ("rating" IS NOT NULL OR "text" IS NOT NULL);
ALTER TABLE "feedback_submissions" ADD CONSTRAINT "feedback_ratings_range" CHECK ("rating" BETWEEN 1 AND 5 AND ("experience_rating" IS NULL OR "experience_rating" BETWEEN 1 AND 5) AND ("communication_rating" IS NULL OR "communication_rating" BETWEEN 1 AND 5));
ALTER TABLE "expertise_ratings" ADD CONSTRAINT "expertise_ratings_range" CHECK ("rating" BETWEEN 1 AND 5);
ALTER TABLE "opportunity_applications" ADD CONSTRAINT "applications_client_rating_range" CHECK ("client_rating" IS NULL OR "client_rating" BETWEEN 1 AND 5);
