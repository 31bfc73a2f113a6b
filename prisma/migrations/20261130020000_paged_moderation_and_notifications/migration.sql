-- The admin's "sent after the off-platform warning" list reads flagged messages newest first, a
-- page at a time. Few messages are flagged among all messages: a partial index holds only those,
-- in the list's order, so a page is read from it however many messages there are. (Partial, so
-- it lives here and not in schema.prisma, like the directory's partial indexes.)
CREATE INDEX "engagement_messages_flagged_idx" ON "engagement_messages" ("created_at" DESC, "id") WHERE "flags" <> '{}';
