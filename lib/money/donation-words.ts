// The words of a donation, shared by the receipt page, the wallet and the tax card.

/** Where a donation stands, as the expert reads it on the receipt. */
export const DONATION_STATE_WORDS: Record<"held" | "payable" | "paid" | "refunded", string> = {
  held: "Waiting for the client's review, then paid to the district with the month's donations",
  payable: "Paid to the district with this month's donations",
  paid: "Paid to the district",
  refunded: "Returned to the client after a dispute: nothing was donated",
};

/** The tax page's plain words about donations. */
export const DONATION_TAX_NOTE =
  "Pay you donate to your school or district is paid to them, never to you: it does not count toward your payouts or the 1099-NEC threshold, and it needs no W-9.";
