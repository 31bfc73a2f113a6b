-- District approval follow-ups: approval letters checked by an admin, the one expiry reminder per
-- approval and day, officers' invitations by e-mail, and each officer's last digest.

CREATE TYPE "DistrictLetterStatus" AS ENUM ('pending', 'accepted', 'rejected');

CREATE TABLE "district_approval_letters" (
    "id" UUID NOT NULL,
    "approval_id" UUID NOT NULL,
    "file_name" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "stated_expires_on" DATE NOT NULL,
    "uploaded_by_id" UUID,
    "status" "DistrictLetterStatus" NOT NULL DEFAULT 'pending',
    "reviewed_by_id" UUID,
    "reviewed_at" TIMESTAMPTZ(3),
    "reject_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "district_approval_letters_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "district_approval_letters_approval_id_fkey" FOREIGN KEY ("approval_id") REFERENCES "project_district_approvals"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "district_approval_letters_uploaded_by_id_fkey" FOREIGN KEY ("uploaded_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "district_approval_letters_reviewed_by_id_fkey" FOREIGN KEY ("reviewed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "district_approval_letters_status_created_at_idx" ON "district_approval_letters"("status", "created_at");
CREATE INDEX "district_approval_letters_approval_id_idx" ON "district_approval_letters"("approval_id");
-- At most one letter waits for a check per approval.
CREATE UNIQUE INDEX "district_approval_letters_one_pending" ON "district_approval_letters"("approval_id") WHERE "status" = 'pending';

CREATE TABLE "district_approval_reminders" (
    "approval_id" UUID NOT NULL,
    "expires_on" DATE NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "district_approval_reminders_pkey" PRIMARY KEY ("approval_id", "expires_on"),
    CONSTRAINT "district_approval_reminders_approval_id_fkey" FOREIGN KEY ("approval_id") REFERENCES "project_district_approvals"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "district_officer_invites" (
    "id" UUID NOT NULL,
    "leaid" CHAR(7) NOT NULL,
    "email" TEXT NOT NULL,
    "invited_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_user_id" UUID,
    CONSTRAINT "district_officer_invites_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "district_officer_invites_leaid_fkey" FOREIGN KEY ("leaid") REFERENCES "districts"("leaid") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "district_officer_invites_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "district_officer_invites_accepted_user_id_fkey" FOREIGN KEY ("accepted_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "district_officer_invites_leaid_email_key" ON "district_officer_invites"("leaid", "email");
CREATE INDEX "district_officer_invites_email_idx" ON "district_officer_invites"("email");

CREATE TABLE "district_officer_digests" (
    "user_id" UUID NOT NULL,
    "last_sent_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "district_officer_digests_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "district_officer_digests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
