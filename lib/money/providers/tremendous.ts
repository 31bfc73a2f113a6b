import type { PayoutProvider, ProviderPayout, ProviderRecipient, SendResult } from "@/lib/money/providers/provider";
import { fetchWithRetries, reachFailure, readJson, type RetryOptions } from "@/lib/platform/http-retry";

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
} & RetryOptions;

type Order = { id?: string; status?: string; rewards?: { delivery?: { status?: string } }[] };
type ErrorBody = { errors?: { message?: string; payload?: unknown } };

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
        return { status: "processing", error: `Tremendous ${reachFailure(e)}.` };
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
      const answer = await fetchWithRetries(
        url,
        {
          method: "POST",
          headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
          body,
        },
        config,
      );
      if ("res" in answer) {
        const { res } = answer;
        if (res.ok) {
          const data = await readJson<{ order?: Order }>(res);
          return outcomeOf(data?.order, payout.id);
        }
        const data = await readJson<ErrorBody>(res);
        const message = data?.errors?.message?.trim() || res.statusText || "no message";
        return { status: "failed", error: `Tremendous refused the payout (HTTP ${res.status}): ${message}` };
      }
      // The order may or may not exist: leave the payout processing, never hand the money back
      // (a second cash out could then pay twice). Sending again is safe (external_id).
      return {
        status: "processing",
        error: `Tremendous ${answer.problem} after ${answer.attempts} tries. Send again later, or look up order ${payout.id} at Tremendous before marking it paid or failed.`,
      };
    },
  };
}
