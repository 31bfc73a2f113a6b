-- Take it, donate it, or decline it: an expert's default and per-engagement choice, donations held
-- for a district in its own ledger accounts, and the monthly donation payouts with their receipts.

-- CreateEnum
CREATE TYPE "IncentiveChoice" AS ENUM ('pay', 'donate', 'decline');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "LedgerAccountKind" ADD VALUE 'donation_pending';
ALTER TYPE "LedgerAccountKind" ADD VALUE 'donation_payable';
ALTER TYPE "LedgerAccountKind" ADD VALUE 'donation_paid_out';

-- AlterTable
ALTER TABLE "ledger_accounts" ADD COLUMN     "owner_district_leaid" CHAR(7);

-- CreateTable
CREATE TABLE "expert_incentive_preferences" (
    "user_id" UUID NOT NULL,
    "choice" "IncentiveChoice" NOT NULL DEFAULT 'pay',
    "by_limit_year" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "expert_incentive_preferences_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "engagement_incentive_choices" (
    "engagement_id" UUID NOT NULL,
    "choice" "IncentiveChoice" NOT NULL,
    "leaid" CHAR(7),
    "source" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "engagement_incentive_choices_pkey" PRIMARY KEY ("engagement_id")
);

-- CreateTable
CREATE TABLE "donations" (
    "id" UUID NOT NULL,
    "number" SERIAL NOT NULL,
    "engagement_id" UUID NOT NULL,
    "earning_id" UUID,
    "bonus_id" UUID,
    "leaid" CHAR(7) NOT NULL,
    "expert_user_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'held',
    "payable_at" TIMESTAMPTZ(3),
    "payout_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "donations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "donation_payouts" (
    "id" UUID NOT NULL,
    "number" SERIAL NOT NULL,
    "leaid" CHAR(7) NOT NULL,
    "month" DATE NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "payee_name" TEXT NOT NULL,
    "school_fund" TEXT,
    "reference" TEXT NOT NULL,
    "paid_by_id" UUID NOT NULL,
    "paid_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "donation_payouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "district_donation_payees" (
    "leaid" CHAR(7) NOT NULL,
    "payee_name" TEXT NOT NULL,
    "remit_to" TEXT,
    "updated_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "district_donation_payees_pkey" PRIMARY KEY ("leaid")
);

-- CreateIndex
CREATE UNIQUE INDEX "donations_number_key" ON "donations"("number");

-- CreateIndex
CREATE UNIQUE INDEX "donations_earning_id_key" ON "donations"("earning_id");

-- CreateIndex
CREATE UNIQUE INDEX "donations_bonus_id_key" ON "donations"("bonus_id");

-- CreateIndex
CREATE INDEX "donations_leaid_state_payable_at_idx" ON "donations"("leaid", "state", "payable_at");

-- CreateIndex
CREATE INDEX "donations_expert_user_id_created_at_idx" ON "donations"("expert_user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "donations_organization_id_created_at_idx" ON "donations"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "donations_payout_id_idx" ON "donations"("payout_id");

-- CreateIndex
CREATE UNIQUE INDEX "donation_payouts_number_key" ON "donation_payouts"("number");

-- CreateIndex
CREATE INDEX "donation_payouts_paid_at_idx" ON "donation_payouts"("paid_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "donation_payouts_leaid_month_key" ON "donation_payouts"("leaid", "month");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_accounts_owner_district_leaid_kind_key" ON "ledger_accounts"("owner_district_leaid", "kind");


-- A ledger account has exactly one owner: a user, an organisation, or (donations) a district.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_one_owner";
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_one_owner" CHECK (num_nonnulls("owner_user_id", "owner_organization_id", "owner_district_leaid") = 1);
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_district_leaid_fkey" FOREIGN KEY ("owner_district_leaid") REFERENCES "districts"("leaid") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "expert_incentive_preferences" ADD CONSTRAINT "expert_incentive_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "engagement_incentive_choices" ADD CONSTRAINT "engagement_incentive_choices_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "engagement_incentive_choices" ADD CONSTRAINT "engagement_incentive_choices_leaid_fkey" FOREIGN KEY ("leaid") REFERENCES "districts"("leaid") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "engagement_incentive_choices" ADD CONSTRAINT "engagement_incentive_choices_source" CHECK ("source" IN ('expert', 'default', 'gift_limit'));
-- A donation names the district it goes to; a decline or pay names none.
ALTER TABLE "engagement_incentive_choices" ADD CONSTRAINT "engagement_incentive_choices_leaid_for_donate" CHECK (("choice" = 'donate') = ("leaid" IS NOT NULL));

ALTER TABLE "donations" ADD CONSTRAINT "donations_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "donations" ADD CONSTRAINT "donations_earning_id_fkey" FOREIGN KEY ("earning_id") REFERENCES "earnings"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "donations" ADD CONSTRAINT "donations_bonus_id_fkey" FOREIGN KEY ("bonus_id") REFERENCES "bonuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "donations" ADD CONSTRAINT "donations_leaid_fkey" FOREIGN KEY ("leaid") REFERENCES "districts"("leaid") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "donations" ADD CONSTRAINT "donations_expert_user_id_fkey" FOREIGN KEY ("expert_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "donations" ADD CONSTRAINT "donations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "donations" ADD CONSTRAINT "donations_payout_id_fkey" FOREIGN KEY ("payout_id") REFERENCES "donation_payouts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "donations" ADD CONSTRAINT "donations_one_source" CHECK (num_nonnulls("earning_id", "bonus_id") = 1);
ALTER TABLE "donations" ADD CONSTRAINT "donations_amount_positive" CHECK ("amount_cents" > 0);
ALTER TABLE "donations" ADD CONSTRAINT "donations_state" CHECK ("state" IN ('held', 'payable', 'paid', 'refunded') AND (("state" = 'paid') = ("payout_id" IS NOT NULL)));

ALTER TABLE "donation_payouts" ADD CONSTRAINT "donation_payouts_leaid_fkey" FOREIGN KEY ("leaid") REFERENCES "districts"("leaid") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "donation_payouts" ADD CONSTRAINT "donation_payouts_paid_by_id_fkey" FOREIGN KEY ("paid_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "donation_payouts" ADD CONSTRAINT "donation_payouts_amount_positive" CHECK ("amount_cents" > 0);
ALTER TABLE "donation_payouts" ADD CONSTRAINT "donation_payouts_first_of_month" CHECK (EXTRACT(DAY FROM "month") = 1);
ALTER TABLE "district_donation_payees" ADD CONSTRAINT "district_donation_payees_leaid_fkey" FOREIGN KEY ("leaid") REFERENCES "districts"("leaid") ON DELETE CASCADE ON UPDATE CASCADE;
