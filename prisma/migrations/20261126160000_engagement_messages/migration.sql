-- One conversation per engagement: messages, how far each person has read, reports to the admins,
-- and the audit of every admin reading a thread.
CREATE TABLE "engagement_messages" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "sender_user_id" UUID NOT NULL,
    "sender_side" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "flags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "engagement_messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "engagement_messages_side" CHECK ("sender_side" IN ('expert', 'client')),
    CONSTRAINT "engagement_messages_body_length" CHECK (char_length("body") BETWEEN 1 AND 5000)
);

CREATE TABLE "message_reads" (
    "engagement_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "last_read_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "message_reads_pkey" PRIMARY KEY ("engagement_id", "user_id")
);

CREATE TABLE "message_reports" (
    "id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "reporter_user_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "message_reports_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "message_thread_views" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "admin_user_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "message_thread_views_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "engagement_messages_engagement_id_created_at_idx" ON "engagement_messages"("engagement_id", "created_at");
CREATE UNIQUE INDEX "message_reports_message_id_reporter_user_id_key" ON "message_reports"("message_id", "reporter_user_id");
CREATE INDEX "message_reports_created_at_idx" ON "message_reports"("created_at" DESC);
CREATE INDEX "message_thread_views_engagement_id_created_at_idx" ON "message_thread_views"("engagement_id", "created_at");

ALTER TABLE "engagement_messages" ADD CONSTRAINT "engagement_messages_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "engagement_messages" ADD CONSTRAINT "engagement_messages_sender_user_id_fkey" FOREIGN KEY ("sender_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "engagement_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reporter_user_id_fkey" FOREIGN KEY ("reporter_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "message_thread_views" ADD CONSTRAINT "message_thread_views_admin_user_id_fkey" FOREIGN KEY ("admin_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
