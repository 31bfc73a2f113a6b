-- Focus groups: a project's sessions, each with seats, backup seats and a waitlist; the backup fee.
CREATE TYPE "SeatKind" AS ENUM ('seat', 'backup', 'waitlist');

ALTER TABLE "projects" ADD COLUMN "backup_fee_cents" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "study_sessions" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "seats" INTEGER NOT NULL,
    "backup_seats" INTEGER NOT NULL DEFAULT 0,
    "meeting_url" TEXT,
    "attendance_taken_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "study_sessions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "study_sessions_seats_range" CHECK ("seats" BETWEEN 1 AND 50 AND "backup_seats" BETWEEN 0 AND 10),
    CONSTRAINT "study_sessions_ends_after_start" CHECK ("ends_at" > "starts_at")
);

CREATE TABLE "study_seats" (
    "id" UUID NOT NULL,
    "study_session_id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "kind" "SeatKind" NOT NULL,
    "number" INTEGER,
    "offered_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "study_seats_pkey" PRIMARY KEY ("id"),
    -- A seat or backup seat has its number; a waitlist place has none, and only it can hold an offer.
    CONSTRAINT "study_seats_number_by_kind" CHECK (("kind" = 'waitlist') = ("number" IS NULL)),
    CONSTRAINT "study_seats_offer_on_waitlist" CHECK ("offered_until" IS NULL OR "kind" = 'waitlist')
);

CREATE INDEX "study_sessions_project_id_starts_at_idx" ON "study_sessions"("project_id", "starts_at");
CREATE UNIQUE INDEX "study_seats_engagement_id_key" ON "study_seats"("engagement_id");
CREATE UNIQUE INDEX "study_seats_study_session_id_kind_number_key" ON "study_seats"("study_session_id", "kind", "number");
CREATE INDEX "study_seats_study_session_id_kind_created_at_idx" ON "study_seats"("study_session_id", "kind", "created_at");

ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "study_seats" ADD CONSTRAINT "study_seats_study_session_id_fkey" FOREIGN KEY ("study_session_id") REFERENCES "study_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "study_seats" ADD CONSTRAINT "study_seats_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;
