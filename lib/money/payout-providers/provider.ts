// The seam between the payout desk and whoever moves the money (docs/decisions/0015-payout-providers.md).
// "manual" is the admin queue: a person pays from the exported batch and marks it paid. An API
// provider (Tremendous) sends the money itself and answers with what happened.

/** What a provider needs to know about the payout: the money and who receives it. */
export type ProviderPayout = { id: string; amountCents: number; currency: "USD" };

/** Where the provider delivers: the expert's name and the e-mail address a reward goes to. */
export type ProviderRecipient = { name: string; email: string };

export type SendResult =
  /** The money left: the payout is paid, with the provider's reference. */
  | { status: "paid"; reference: string }
  /**
   * Accepted but not final (waiting for approval at the provider), or the outcome is unknown
   * (the provider kept failing or could not be reached): the payout stays "processing" and
   * nothing moves in the ledger. Sending again is safe: the payout id is the idempotency key.
   */
  | { status: "processing"; reference?: string; error?: string }
  /** Refused for good (bad recipient, no funds, or still failing after the retries): the money returns to Available. */
  | { status: "failed"; error: string; reference?: string };

export interface PayoutProvider {
  readonly name: string;
  send(payout: ProviderPayout, recipient: ProviderRecipient): Promise<SendResult>;
  /**
   * What the provider says now about the order it holds for this payout (found by the payout
   * id, its external id). "failed" only when the order failed or was cancelled: money sent by
   * a provider is in transit until then, so no one may mark it failed and pay it again.
   */
  orderStatus?(payoutId: string): Promise<SendResult>;
}
