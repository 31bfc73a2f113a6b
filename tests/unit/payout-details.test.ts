import { describe, expect, it } from "vitest";
import { centsToDecimal, maskedDetails, maskEmail, maskHandle } from "@/lib/money/payout-details";

const none = {
  paymentMethod: null,
  bankName: null,
  accountNumberLast4: null,
  routingNumberLast4: null,
  paypalEmail: null,
  venmoUsername: null,
  zelleEmail: null,
};

describe("payout details on the desk", () => {
  it("masks every method to at most 4 digits or a first letter and domain", () => {
    expect(maskedDetails({ ...none, paymentMethod: "bank_transfer", bankName: "Chase", accountNumberLast4: "6789" })).toBe(
      "Chase •••• 6789",
    );
    expect(maskedDetails({ ...none, paymentMethod: "bank_transfer" })).toBe("No bank account on file");
    expect(maskedDetails({ ...none, paymentMethod: "paypal", paypalEmail: "jane.doe@example.org" })).toBe("j•••@example.org");
    expect(maskedDetails({ ...none, paymentMethod: "venmo", venmoUsername: "@jane-doe" })).toBe("@j•••");
    expect(maskedDetails({ ...none, paymentMethod: "zelle", zelleEmail: "5551234567" })).toBe("•••• 4567");
    expect(maskedDetails(none)).toBe("No payment method set");
    expect(maskEmail("x")).toBe("x•••");
    expect(maskHandle("")).toBe("");
  });

  it("writes cents as plain decimals for the batch file", () => {
    expect([centsToDecimal(12_345), centsToDecimal(5), centsToDecimal(100)]).toEqual(["123.45", "0.05", "1.00"]);
  });
});
