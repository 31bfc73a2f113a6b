-- The expert's Open list reads open studies a page at a time, soonest deadline first, from the
-- study at the page's edge.
CREATE INDEX "opportunities_status_deadline_id_idx" ON "opportunities"("status", "deadline", "id");
