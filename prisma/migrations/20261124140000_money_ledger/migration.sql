-- CreateEnum
CREATE TYPE "LedgerAccountKind" AS ENUM ('client_receivable', 'client_paid', 'opening_balance', 'expert_pending_qc', 'expert_available', 'payout_in_transit', 'paid_out');

-- CreateEnum
CREATE TYPE "EarningState" AS ENUM ('pending_qc', 'disputed', 'available', 'refunded');

-- CreateEnum
CREATE TYPE "TaxClassification" AS ENUM ('individual', 'sole_proprietor', 'single_member_llc', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc', 'other');

-- AlterTable
ALTER TABLE "engagements" ADD COLUMN     "auto_completed" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "payouts" ADD COLUMN     "failed_at" TIMESTAMPTZ(3),
ADD COLUMN     "failure_reason" TEXT,
ADD COLUMN     "paid_at" TIMESTAMPTZ(3),
ADD COLUMN     "provider" TEXT NOT NULL DEFAULT 'manual',
ADD COLUMN     "reference" TEXT,
ADD COLUMN     "settled_by_id" UUID;

-- CreateTable
CREATE TABLE "ledger_accounts" (
    "id" UUID NOT NULL,
    "kind" "LedgerAccountKind" NOT NULL,
    "owner_user_id" UUID NOT NULL,
    "balance_cents" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_transactions" (
    "id" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "memo" TEXT,
    "engagement_id" UUID,
    "payout_id" UUID,
    "actor_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "earnings" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "expert_user_id" UUID NOT NULL,
    "client_user_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'session',
    "state" "EarningState" NOT NULL DEFAULT 'pending_qc',
    "earned_at" TIMESTAMPTZ(3) NOT NULL,
    "qc_ends_at" TIMESTAMPTZ(3) NOT NULL,
    "released_at" TIMESTAMPTZ(3),
    "dispute_reason" TEXT,
    "disputed_at" TIMESTAMPTZ(3),
    "resolved_for" TEXT,
    "resolution_note" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by_id" UUID,

    CONSTRAINT "earnings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payout_exports" (
    "id" UUID NOT NULL,
    "admin_user_id" UUID NOT NULL,
    "payout_ids" UUID[],
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payout_exports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_statement_payments" (
    "id" UUID NOT NULL,
    "client_user_id" UUID NOT NULL,
    "month" DATE NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "reference" TEXT,
    "marked_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_statement_payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tax_forms" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "legal_name" TEXT NOT NULL,
    "business_name" TEXT,
    "classification" "TaxClassification" NOT NULL,
    "address_line1" TEXT NOT NULL,
    "address_line2" TEXT,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "zip_code" TEXT NOT NULL,
    "tin_type" TEXT NOT NULL,
    "tin_ciphertext" TEXT NOT NULL,
    "tin_last4" TEXT NOT NULL,
    "signed_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tax_forms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expert_ratings" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "expert_id" UUID NOT NULL,
    "preparation" INTEGER NOT NULL,
    "insight" INTEGER NOT NULL,
    "communication" INTEGER NOT NULL,
    "private_note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "expert_ratings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_ratings" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "client_user_id" UUID NOT NULL,
    "clarity" INTEGER NOT NULL,
    "respect_of_time" INTEGER NOT NULL,
    "payment_speed" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_ratings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_accounts_owner_user_id_kind_key" ON "ledger_accounts"("owner_user_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key_key" ON "ledger_transactions"("idempotency_key");

-- CreateIndex
CREATE INDEX "ledger_transactions_engagement_id_idx" ON "ledger_transactions"("engagement_id");

-- CreateIndex
CREATE INDEX "ledger_transactions_payout_id_idx" ON "ledger_transactions"("payout_id");

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_created_at_idx" ON "ledger_entries"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "ledger_entries_transaction_id_idx" ON "ledger_entries"("transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "earnings_engagement_id_key" ON "earnings"("engagement_id");

-- CreateIndex
CREATE INDEX "earnings_state_qc_ends_at_idx" ON "earnings"("state", "qc_ends_at");

-- CreateIndex
CREATE INDEX "earnings_expert_user_id_earned_at_idx" ON "earnings"("expert_user_id", "earned_at" DESC);

-- CreateIndex
CREATE INDEX "earnings_client_user_id_earned_at_idx" ON "earnings"("client_user_id", "earned_at");

-- CreateIndex
CREATE INDEX "payout_exports_created_at_idx" ON "payout_exports"("created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "client_statement_payments_client_user_id_month_key" ON "client_statement_payments"("client_user_id", "month");

-- CreateIndex
CREATE UNIQUE INDEX "tax_forms_user_id_key" ON "tax_forms"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "expert_ratings_engagement_id_key" ON "expert_ratings"("engagement_id");

-- CreateIndex
CREATE INDEX "expert_ratings_expert_id_idx" ON "expert_ratings"("expert_id");

-- CreateIndex
CREATE UNIQUE INDEX "client_ratings_engagement_id_key" ON "client_ratings"("engagement_id");

-- CreateIndex
CREATE INDEX "client_ratings_client_user_id_idx" ON "client_ratings"("client_user_id");

-- AddForeignKey
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_user_id_fkey" FOREIGN KEY ("owner_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "ledger_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "expert_ratings" ADD CONSTRAINT "expert_ratings_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_ratings" ADD CONSTRAINT "client_ratings_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ───────────── ledger rules the database keeps ─────────────

-- The account's balance in its normal direction: debits raise the debit-normal kinds, credits the rest.
CREATE FUNCTION ledger_normal_sign(k "LedgerAccountKind") RETURNS integer IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE WHEN k IN ('client_receivable', 'client_paid', 'opening_balance') THEN 1 ELSE -1 END
$$;

-- Every entry moves its account's maintained balance in the same statement.
CREATE FUNCTION ledger_entry_applied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_accounts" SET "balance_cents" = "balance_cents" + NEW."amount_cents" * ledger_normal_sign("kind") WHERE "id" = NEW."account_id";
  RETURN NEW;
END
$$;
CREATE TRIGGER "ledger_entries_apply" AFTER INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entry_applied();

-- Entries are history: corrections are new transactions, never edits.
CREATE FUNCTION ledger_entry_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries cannot be changed or deleted' USING ERRCODE = '55000';
END
$$;
CREATE TRIGGER "ledger_entries_frozen" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_entry_frozen();

-- At commit, each transaction that got entries sums to zero.
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT COALESCE(SUM("amount_cents"), 0) INTO total FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is not balanced (sum %)', NEW."transaction_id", total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();

ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_non_negative" CHECK ("balance_cents" >= 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("amount_cents" <> 0);
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_amount_positive" CHECK ("amount_cents" > 0);
ALTER TABLE "expert_ratings" ADD CONSTRAINT "expert_ratings_scores" CHECK ("preparation" BETWEEN 1 AND 5 AND "insight" BETWEEN 1 AND 5 AND "communication" BETWEEN 1 AND 5);
ALTER TABLE "client_ratings" ADD CONSTRAINT "client_ratings_scores" CHECK ("clarity" BETWEEN 1 AND 5 AND "respect_of_time" BETWEEN 1 AND 5 AND "payment_speed" BETWEEN 1 AND 5);

-- ───────────── what the old columns held moves into the ledger ─────────────

-- Wallet balances become one opening transaction per expert: opening_balance (debit) against
-- pending QC, available, in transit (open payouts) and paid out (the rest of total earned).
CREATE TEMP TABLE "opening" ON COMMIT DROP AS
SELECT w."user_id",
       w."pending_cents" AS pending,
       w."available_cents" AS available,
       COALESCE((SELECT SUM(p."amount_cents") FROM "payouts" p WHERE p."user_id" = w."user_id" AND p."status" IN ('pending', 'processing')), 0)::int AS transit,
       gen_random_uuid() AS tx_id
FROM "wallets" w;
ALTER TABLE "opening" ADD COLUMN paid integer;
UPDATE "opening" o SET paid = GREATEST(0, w."total_earned_cents" - o.pending - o.available - o.transit) FROM "wallets" w WHERE w."user_id" = o."user_id";
DELETE FROM "opening" WHERE pending + available + transit + paid = 0;

INSERT INTO "ledger_accounts" ("id", "kind", "owner_user_id")
SELECT gen_random_uuid(), k, o."user_id" FROM "opening" o
CROSS JOIN unnest(ARRAY['opening_balance', 'expert_pending_qc', 'expert_available', 'payout_in_transit', 'paid_out']::"LedgerAccountKind"[]) AS k;

INSERT INTO "ledger_transactions" ("id", "idempotency_key", "kind", "memo")
SELECT o.tx_id, 'opening:' || o."user_id", 'opening_balance', 'Balances carried over from the wallet' FROM "opening" o;

INSERT INTO "ledger_entries" ("id", "transaction_id", "account_id", "amount_cents")
SELECT gen_random_uuid(), o.tx_id, a."id", x.amount
FROM "opening" o
CROSS JOIN LATERAL (VALUES
  ('opening_balance'::"LedgerAccountKind", o.pending + o.available + o.transit + o.paid),
  ('expert_pending_qc'::"LedgerAccountKind", -o.pending),
  ('expert_available'::"LedgerAccountKind", -o.available),
  ('payout_in_transit'::"LedgerAccountKind", -o.transit),
  ('paid_out'::"LedgerAccountKind", -o.paid)
) AS x(kind, amount)
JOIN "ledger_accounts" a ON a."owner_user_id" = o."user_id" AND a."kind" = x.kind
WHERE x.amount <> 0;

-- The seed-only client_rating becomes the client's rating of the expert (one score for all three).
INSERT INTO "expert_ratings" ("id", "engagement_id", "expert_id", "preparation", "insight", "communication")
SELECT gen_random_uuid(), e."id", e."expert_id", e."client_rating", e."client_rating", e."client_rating"
FROM "engagements" e WHERE e."client_rating" BETWEEN 1 AND 5;

-- DropForeignKey
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_user_id_fkey";

-- AlterTable
ALTER TABLE "engagements" DROP COLUMN "client_rating";

-- DropTable
DROP TABLE "wallets";
