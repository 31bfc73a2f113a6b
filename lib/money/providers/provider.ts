// The seam between the money desk and whoever moves the money (docs/decisions/0015-payout-providers.md),
// both ways: paying experts out and collecting an organization's funds in. "manual" is the
// default for both: a person pays from the exported batch and marks it paid, and a bank transfer
// against an invoice is recorded by an admin. An API provider moves the money itself and answers
// with what happened: Tremendous sends payouts, Stripe collects funds by card.

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

/** What a provider needs to collect: the invoice, an idempotency id, and where to send the payer back. */
export type ProviderCharge = {
  /** The idempotency id: the same id makes the same payment page, however often it is asked for. */
  id: string;
  /** The funding invoice being paid, carried on the provider's side so its confirmation finds it. */
  invoiceId: string;
  amountCents: number;
  currency: "USD";
  /** Shown to the payer at the provider, e.g. "K12 Experts funds, invoice K12-000042". */
  description: string;
  /** Where the payer lands after paying, and after giving up. */
  returnUrl: string;
  cancelUrl: string;
};

/** A collection as the provider tells it; `invoiceId` is the invoice the provider's record names, when it names one. */
export type CollectResult = { invoiceId?: string } &
  /** The payer finishes at the provider's page; `reference` finds the payment later. */
  (
    | { status: "redirect"; url: string; reference: string }
    /** The money arrived: the invoice is paid, once, with this reference, when the amount and currency are the invoice's. */
    | { status: "paid"; reference: string; amountCents: number; currency: string }
    /** The payer finished and the money is on its way (a bank debit takes days): not paid yet, and not to be replaced. */
    | { status: "processing"; reference: string }
    /** Not paid yet (or the provider could not be asked): nothing moves, asking again is safe. */
    | { status: "pending"; reference?: string; error?: string }
    /** It will not be paid this way (refused, expired, debit failed): the invoice stays open for another way. */
    | { status: "failed"; error: string; reference?: string }
  );

/**
 * A provider does one direction or both; the payout desk needs `send`, funding needs `collect`
 * and `collectionStatus` (the types below say which a caller may rely on).
 */
export interface PaymentProvider {
  readonly name: string;
  send?(payout: ProviderPayout, recipient: ProviderRecipient): Promise<SendResult>;
  /**
   * What the provider says now about the order it holds for this payout (found by the payout
   * id, its external id). "failed" only when the order failed or was cancelled: money sent by
   * a provider is in transit until then, so no one may mark it failed and pay it again.
   */
  orderStatus?(payoutId: string): Promise<SendResult>;
  /** Starts collecting an invoice's amount; asking twice for the same invoice starts it once. */
  collect?(charge: ProviderCharge): Promise<CollectResult>;
  /** What the provider says now about a collection it started (by the reference `collect` gave). */
  collectionStatus?(reference: string): Promise<CollectResult>;
  /** Closes a payment page nobody may pay any more (its invoice was voided meanwhile). */
  cancelCollection?(reference: string): Promise<void>;
}

export type PayoutProvider = PaymentProvider & Required<Pick<PaymentProvider, "send">>;
export type CollectionProvider = PaymentProvider & Required<Pick<PaymentProvider, "collect" | "collectionStatus">>;
