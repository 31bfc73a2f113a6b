-- Bonuses: a client pays an expert more for one engagement; each is its own balanced ledger
-- transaction under the same idempotency key as this row.
CREATE TABLE "bonuses" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "expert_user_id" UUID NOT NULL,
    "client_user_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "note" TEXT,
    "idempotency_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bonuses_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bonuses_amount_positive" CHECK ("amount_cents" > 0)
);

CREATE UNIQUE INDEX "bonuses_idempotency_key_key" ON "bonuses"("idempotency_key");
CREATE INDEX "bonuses_expert_user_id_created_at_idx" ON "bonuses"("expert_user_id", "created_at" DESC);
CREATE INDEX "bonuses_client_user_id_created_at_idx" ON "bonuses"("client_user_id", "created_at");
CREATE INDEX "bonuses_engagement_id_idx" ON "bonuses"("engagement_id");

ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
