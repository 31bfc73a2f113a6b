-- The money's invariant checks keep each run (nightly or by an admin) with its breaches.

-- CreateTable
CREATE TABLE "invariant_runs" (
    "id" UUID NOT NULL,
    "trigger" TEXT NOT NULL,
    "actor_user_id" UUID,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL,
    "breach_count" INTEGER NOT NULL,
    "counts" JSONB NOT NULL,
    "breaches" JSONB NOT NULL,

    CONSTRAINT "invariant_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "invariant_runs_started_at_idx" ON "invariant_runs"("started_at" DESC);
