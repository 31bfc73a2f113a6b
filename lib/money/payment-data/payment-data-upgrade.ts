import "server-only";
import { db } from "@/lib/platform/db";
import {
  expertPaymentBinding,
  isLegacyPaymentValue,
  resealLegacyPaymentValue,
  taxFormTinBinding,
} from "@/lib/money/payment-data/payment-data";
import { loggerFor } from "@/lib/platform/log.mjs";

// Ciphertexts sealed before they were bound to their row and field ("v1") are re-sealed in the
// current format. A SQL migration cannot do it (the key lives in the app, never in the
// database), so every server runs this at boot. It is idempotent and safe on many instances at
// once: each row is written only if it still holds the value that was read, so two instances
// never overwrite each other, and a second run finds nothing left to do.

const log = loggerFor("payment-data");
const BATCH = 500;

export type PaymentDataUpgrade = { experts: number; taxForms: number; failed: number };

function reseal(value: string | null, binding: Parameters<typeof resealLegacyPaymentValue>[1]): { value: string | null; ok: boolean } {
  if (!value || !isLegacyPaymentValue(value)) return { value, ok: true };
  try {
    return { value: resealLegacyPaymentValue(value, binding), ok: true };
  } catch {
    // Sealed under another key or damaged: left as it is (the payout export marks it unreadable).
    return { value, ok: false };
  }
}

/** Re-seals every legacy payment ciphertext with its binding; returns how many rows changed and how many values could not be opened. */
export async function upgradeLegacyPaymentData(): Promise<PaymentDataUpgrade> {
  const done: PaymentDataUpgrade = { experts: 0, taxForms: 0, failed: 0 };
  // Failed rows stay legacy: the cursor moves past them instead of reading them again.
  let afterExpert = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db().expert.findMany({
      where: { id: { gt: afterExpert }, OR: [{ routingNumberEnc: { startsWith: "v1." } }, { accountNumberEnc: { startsWith: "v1." } }] },
      select: { id: true, userId: true, routingNumberEnc: true, accountNumberEnc: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const r of rows) {
      const routing = reseal(r.routingNumberEnc, expertPaymentBinding(r.userId, "routing_number"));
      const account = reseal(r.accountNumberEnc, expertPaymentBinding(r.userId, "account_number"));
      done.failed += Number(!routing.ok) + Number(!account.ok);
      if (routing.value === r.routingNumberEnc && account.value === r.accountNumberEnc) continue;
      const written = await db().expert.updateMany({
        where: { id: r.id, routingNumberEnc: r.routingNumberEnc, accountNumberEnc: r.accountNumberEnc },
        data: { routingNumberEnc: routing.value, accountNumberEnc: account.value },
      });
      done.experts += written.count;
    }
    if (rows.length < BATCH) break;
    afterExpert = rows[rows.length - 1].id;
  }
  let afterForm = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db().taxForm.findMany({
      where: { id: { gt: afterForm }, tinCiphertext: { startsWith: "v1." } },
      select: { id: true, userId: true, tinCiphertext: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const r of rows) {
      const tin = reseal(r.tinCiphertext, taxFormTinBinding(r.userId));
      if (!tin.ok) done.failed++;
      if (tin.value === r.tinCiphertext) continue;
      const written = await db().taxForm.updateMany({
        where: { id: r.id, tinCiphertext: r.tinCiphertext },
        data: { tinCiphertext: tin.value! },
      });
      done.taxForms += written.count;
    }
    if (rows.length < BATCH) break;
    afterForm = rows[rows.length - 1].id;
  }
  if (done.experts || done.taxForms) log.info(done, "legacy payment ciphertexts re-sealed with their row and field");
  if (done.failed) log.warn({ failed: done.failed }, "payment ciphertexts that do not open under PAYMENT_DATA_KEY were left as they are");
  return done;
}

const RETRY_MS = 30_000;
/**
 * Set once a run left no legacy value behind. Only the current format is ever written, so from
 * then on a boot reads this one row instead of scanning every expert and tax form again.
 */
const UPGRADED_KEY = "payment_data_bound";

async function upgradeUnlessDone() {
  if (await db().platformSetting.findUnique({ where: { key: UPGRADED_KEY }, select: { key: true } })) return;
  const done = await upgradeLegacyPaymentData();
  if (done.failed === 0)
    await db().platformSetting.upsert({ where: { key: UPGRADED_KEY }, create: { key: UPGRADED_KEY, value: 1 }, update: {} });
}

/**
 * Called once per server process at boot (instrumentation.ts). A database that is down delays
 * the upgrade, never the server: it is tried again until it succeeds.
 */
export function upgradeLegacyPaymentDataAtBoot() {
  const attempt = () =>
    void upgradeUnlessDone().catch((e) => {
      log.warn({ err: e, retryMs: RETRY_MS }, "payment data upgrade not run; trying again");
      setTimeout(attempt, RETRY_MS).unref();
    });
  attempt();
}
