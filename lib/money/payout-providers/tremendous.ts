import type { PayoutProvider, ProviderPayout, ProviderRecipient, SendResult } from "@/lib/money/payout-providers/provider";

// Tremendous (https://developers.tremendous.com/reference/create-order): one order per payout,
// one reward e-mailed to the expert, paid from the Tremendous balance. The payout id is the
// order's external_id, which Tremendous treats as an idempotency key (the same external_id
// answers 201 with the first order), so retrying a request that may have reached them is safe.

export type TremendousConfig = {
  apiKey: string;
  /** e.g. https://testflight.tremendous.com/api/v2 (sandbox) */
  baseUrl: string;
  /** The campaign sets the payout options the expert may choose from (PayPal, bank transfer…). */
  campaignId: string;
  /** Tries in all for 429, 5xx and network errors (default 4). */
  attempts?: number;
  /** First backoff in ms, doubled each retry (default 500). */
  baseDelayMs?: number;
  /** Longest wait between tries, also for a Retry-After header (default 10 s). */
  maxDelayMs?: number;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

type Order = { id?: string; status?: string; rewards?: { delivery?: { status?: string } }[] };
type ErrorBody = { errors?: { message?: string; payload?: unknown } };

const RETRYABLE = (status: number) => status === 429 || status >= 500;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds (or an HTTP date) from Retry-After, as ms; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function readJson<T>(res: Response): Promise<T | null> {
  try {
    return (await res.json()) as T;
  } catch {
    return null;
  }
}

/** An order's status as a payout outcome: EXECUTED has been paid; FAILED/CANCELED will not be. */
function outcomeOf(order: Order | undefined, fallbackRef: string): SendResult {
  const reference = order?.id ?? fallbackRef;
  switch (order?.status) {
    case "EXECUTED":
      return { status: "paid", reference };
    case "FAILED":
    case "CANCELED":
      return {
        status: "failed",
        reference,
        error: `Tremendous ${order.status === "FAILED" ? "could not process" : "canceled"} the order ${reference}.`,
      };
    default:
      // CART, PENDING APPROVAL, or a 202 that will be created in the background.
      return { status: "processing", reference };
  }
}

export function createTremendousProvider(config: TremendousConfig): PayoutProvider {
  const attempts = config.attempts ?? 4;
  const baseDelay = config.baseDelayMs ?? 500;
  const maxDelay = config.maxDelayMs ?? 10_000;
  const sleep = config.sleep ?? defaultSleep;
  const url = `${config.baseUrl.replace(/\/+$/, "")}/orders`;

  return {
    name: "tremendous",
    async orderStatus(payoutId: string): Promise<SendResult> {
      // The order is found by its external_id (the payout id), so a payout whose first answer
      // never arrived is found too. Any doubt (no order, an error) keeps the money in transit.
      let res: Response;
      try {
        res = await fetch(`${url}?external_id=${encodeURIComponent(payoutId)}`, {
          headers: { Authorization: `Bearer ${config.apiKey}`, Accept: "application/json" },
          signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
        });
      } catch (e) {
        return { status: "processing", error: `Tremendous could not be reached (${e instanceof Error ? e.message : String(e)}).` };
      }
      if (!res.ok) return { status: "processing", error: `Tremendous answered HTTP ${res.status} when asked for order ${payoutId}.` };
      const data = await readJson<{ orders?: Order[] }>(res);
      const order = data?.orders?.[0];
      if (!order)
        return { status: "processing", error: `Tremendous has no order for payout ${payoutId} yet; send it again to get an answer.` };
      return outcomeOf(order, payoutId);
    },
    async send(payout: ProviderPayout, recipient: ProviderRecipient): Promise<SendResult> {
      const body = JSON.stringify({
        external_id: payout.id,
        payment: { funding_source_id: "balance" },
        reward: {
          campaign_id: config.campaignId,
          value: { denomination: payout.amountCents / 100, currency_code: payout.currency },
          recipient: { name: recipient.name, email: recipient.email },
          delivery: { method: "EMAIL" },
        },
      });
      let lastProblem = "";
      for (let attempt = 1; attempt <= attempts; attempt++) {
        let res: Response;
        try {
          res = await fetch(url, {
            method: "POST",
            headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
            body,
            signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
          });
        } catch (e) {
          lastProblem = `could not be reached (${e instanceof Error ? e.message : String(e)})`;
          if (attempt < attempts) await sleep(Math.min(maxDelay, baseDelay * 2 ** (attempt - 1)));
          continue;
        }
        if (res.ok) {
          const data = await readJson<{ order?: Order }>(res);
          return outcomeOf(data?.order, payout.id);
        }
        if (!RETRYABLE(res.status)) {
          const data = await readJson<ErrorBody>(res);
          const message = data?.errors?.message?.trim() || res.statusText || "no message";
          return { status: "failed", error: `Tremendous refused the payout (HTTP ${res.status}): ${message}` };
        }
        lastProblem = `answered HTTP ${res.status}`;
        await res.text().catch(() => "");
        if (attempt < attempts)
          await sleep(Math.min(maxDelay, retryAfterMs(res.headers.get("retry-after")) ?? baseDelay * 2 ** (attempt - 1)));
      }
      // The order may or may not exist: leave the payout processing, never hand the money back
      // (a second cash out could then pay twice). Sending again is safe (external_id).
      return {
        status: "processing",
        error: `Tremendous ${lastProblem} after ${attempts} tries. Send again later, or look up order ${payout.id} at Tremendous before marking it paid or failed.`,
      };
    },
  };
}
