-- A funded balance per organisation: prepaid funds, reservations of accepted incentives, credit
-- within a limit, numbered funding invoices, and project budgets.

-- CreateEnum
CREATE TYPE "ReservationState" AS ENUM ('held', 'spent', 'released');

-- CreateEnum
CREATE TYPE "FundingInvoiceStatus" AS ENUM ('open', 'paid', 'void');

-- AlterEnum


ALTER TYPE "LedgerAccountKind" ADD VALUE 'client_funds';
ALTER TYPE "LedgerAccountKind" ADD VALUE 'client_reserved';
ALTER TYPE "LedgerAccountKind" ADD VALUE 'client_credit_used';
ALTER TYPE "LedgerAccountKind" ADD VALUE 'client_deposits';


-- AlterTable
ALTER TABLE "earnings" ADD COLUMN     "prepaid_cents" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "credit_limit_cents" INTEGER NOT NULL DEFAULT 2500000;

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "budget_cents" INTEGER;

-- CreateTable
CREATE TABLE "reservations" (
    "id" UUID NOT NULL,
    "engagement_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "funded_cents" INTEGER NOT NULL,
    "credit_cents" INTEGER NOT NULL,
    "state" "ReservationState" NOT NULL DEFAULT 'held',
    "spent_cents" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "reservations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "funding_invoices" (
    "id" UUID NOT NULL,
    "number" SERIAL NOT NULL,
    "organization_id" UUID NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "status" "FundingInvoiceStatus" NOT NULL DEFAULT 'open',
    "requested_by_id" UUID NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'manual',
    "provider_ref" TEXT,
    "payment_reference" TEXT,
    "recorded_by_id" UUID,
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "funding_invoices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "reservations_engagement_id_key" ON "reservations"("engagement_id");

-- CreateIndex
CREATE INDEX "reservations_organization_id_state_idx" ON "reservations"("organization_id", "state");

-- CreateIndex
CREATE INDEX "reservations_project_id_state_idx" ON "reservations"("project_id", "state");

-- CreateIndex
CREATE UNIQUE INDEX "funding_invoices_number_key" ON "funding_invoices"("number");

-- CreateIndex
CREATE INDEX "funding_invoices_organization_id_created_at_idx" ON "funding_invoices"("organization_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "funding_invoices_status_created_at_idx" ON "funding_invoices"("status", "created_at");

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_engagement_id_fkey" FOREIGN KEY ("engagement_id") REFERENCES "engagements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "funding_invoices" ADD CONSTRAINT "funding_invoices_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- The balance trigger's sign per kind, now with the organisation's funding accounts. Compared as
-- text: the new enum values cannot be used as enum literals in the migration that adds them.
CREATE OR REPLACE FUNCTION ledger_normal_sign(k "LedgerAccountKind") RETURNS integer IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE WHEN k::text IN ('client_receivable', 'client_paid', 'opening_balance', 'client_credit_used', 'client_deposits') THEN 1 ELSE -1 END
$$;

-- A reservation is always its funded and credit parts, never negative.
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_parts" CHECK ("funded_cents" >= 0 AND "credit_cents" >= 0 AND "amount_cents" = "funded_cents" + "credit_cents" AND "spent_cents" >= 0);
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_credit_limit_non_negative" CHECK ("credit_limit_cents" >= 0);
ALTER TABLE "funding_invoices" ADD CONSTRAINT "funding_invoices_amount_positive" CHECK ("amount_cents" > 0);
ALTER TABLE "projects" ADD CONSTRAINT "projects_budget_non_negative" CHECK ("budget_cents" IS NULL OR "budget_cents" >= 0);
