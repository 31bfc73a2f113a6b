-- Checks become a payout method: the expert gives a US mailing address for them.
ALTER TYPE "PaymentMethod" ADD VALUE 'check';

ALTER TABLE "experts" ADD COLUMN     "check_address_line1" TEXT,
ADD COLUMN     "check_address_line2" TEXT,
ADD COLUMN     "check_city" TEXT,
ADD COLUMN     "check_state" TEXT,
ADD COLUMN     "check_zip_code" TEXT;

-- A re-export of payouts already exported carries the admin's reason.
ALTER TABLE "payout_exports" ADD COLUMN     "reexport_reason" TEXT;

-- The payout clock (due 7 business days after the request) and the first export's time.
ALTER TABLE "payouts" ADD COLUMN     "due_date" DATE,
ADD COLUMN     "exported_at" TIMESTAMPTZ(3);

CREATE INDEX "payouts_status_due_date_idx" ON "payouts"("status", "due_date");

-- Payouts from before the clock: due the 7th weekday (UTC) after their request.
UPDATE "payouts" p SET "due_date" = (
  SELECT d::date FROM generate_series(p."created_at" AT TIME ZONE 'UTC' + interval '1 day', p."created_at" AT TIME ZONE 'UTC' + interval '21 days', interval '1 day') AS d
  WHERE extract(isodow FROM d) < 6 ORDER BY d OFFSET 6 LIMIT 1
);

-- Payouts already in an exported batch: exported at their first batch's time.
UPDATE "payouts" p SET "exported_at" = x.first
FROM (SELECT unnest("payout_ids") AS id, min("created_at") AS first FROM "payout_exports" GROUP BY 1) x
WHERE x.id = p."id";
