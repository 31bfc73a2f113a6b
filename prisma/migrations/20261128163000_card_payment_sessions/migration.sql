-- Every card payment page opened for a funding invoice, not only the latest: the confirmation of
-- an older page (a bank debit that completed before a second "Pay by card") still finds its
-- invoice. The invoices' current provider reference is carried over.

-- CreateEnum
CREATE TYPE "CardPaymentState" AS ENUM ('open', 'processing', 'paid', 'failed');

-- CreateTable
CREATE TABLE "funding_card_sessions" (
    "id" TEXT NOT NULL,
    "invoice_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "state" "CardPaymentState" NOT NULL DEFAULT 'open',
    "amount_cents" INTEGER,
    "currency" TEXT,
    "problem" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "funding_card_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "funding_card_sessions_invoice_id_created_at_idx" ON "funding_card_sessions"("invoice_id", "created_at");

-- AddForeignKey
ALTER TABLE "funding_card_sessions" ADD CONSTRAINT "funding_card_sessions_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "funding_invoices"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The page each invoice holds today; its state is asked of the provider the next time anyone looks.
INSERT INTO "funding_card_sessions" ("id", "invoice_id", "provider", "state", "created_at", "updated_at")
SELECT "provider_ref", "id", "provider", CASE WHEN "status" = 'paid' THEN 'paid'::"CardPaymentState" ELSE 'open'::"CardPaymentState" END, "created_at", "created_at"
FROM "funding_invoices"
WHERE "provider" <> 'manual' AND "provider_ref" IS NOT NULL
ON CONFLICT DO NOTHING;
