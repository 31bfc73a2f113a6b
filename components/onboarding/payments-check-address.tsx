"use client";

import type { ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { SelectField, describedBy } from "@/components/onboarding/fields";
import { str } from "@/components/onboarding/step-props";
import { PAYMENT_METHOD_TIMINGS } from "@/lib/vocabulary/payments";
import { US_STATES } from "@/lib/vocabulary/places";
import type { PAYMENT_DETAILS_EMPTY } from "@/lib/experts/profile/steps/payments";

export type DetailKey = Exclude<keyof typeof PAYMENT_DETAILS_EMPTY, "useW9Address">;

type Props = {
  details: typeof PAYMENT_DETAILS_EMPTY;
  errors: Record<string, string[] | undefined>;
  setDetail: (key: DetailKey | "useW9Address", value: string | boolean) => void;
  /** Draws one required payment detail field (the step's own helper). */
  detail: (key: DetailKey, label: string, opts?: { autoComplete?: string; maxLength?: number; inputMode?: "numeric" }) => ReactNode;
};

/** Paid by check: the W-9 address, or a US mailing address of its own. */
export function CheckAddressFields({ details, errors, setDetail, detail }: Props) {
  return (
    <fieldset className="space-y-4" data-testid="check-mailing-address">
      <legend className="text-sm font-medium">Mailing address for your checks</legend>
      <p className="text-sm text-muted-foreground">
        A check is mailed to a US address and takes {PAYMENT_METHOD_TIMINGS.check} to arrive once sent.
      </p>
      <div className="space-y-1.5">
        <label className="flex items-start gap-2 text-sm">
          <input
            id="payments-useW9Address"
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={details.useW9Address === true}
            aria-invalid={Boolean(errors["paymentDetails.useW9Address"])}
            aria-describedby={errors["paymentDetails.useW9Address"] ? "payments-useW9Address-error" : undefined}
            onChange={(e) => setDetail("useW9Address", e.target.checked)}
          />
          <span>Mail my checks to the address on my W-9</span>
        </label>
        {errors["paymentDetails.useW9Address"] && (
          <p id="payments-useW9Address-error" role="alert" className="text-sm text-destructive">
            {errors["paymentDetails.useW9Address"][0]}
          </p>
        )}
      </div>
      {details.useW9Address === true ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            {detail("checkAddressLine1", "Street address", { autoComplete: "address-line1", maxLength: 120 })}
          </div>
          <div className="sm:col-span-2">
            <Field id="payments-checkAddressLine2" label="Apartment, suite (optional)" error={errors["paymentDetails.checkAddressLine2"]}>
              <Input
                {...describedBy("payments-checkAddressLine2", errors, "paymentDetails.checkAddressLine2")}
                autoComplete="address-line2"
                maxLength={120}
                value={str(details.checkAddressLine2)}
                onChange={(e) => setDetail("checkAddressLine2", e.target.value)}
              />
            </Field>
          </div>
          {detail("checkCity", "City", { autoComplete: "address-level2", maxLength: 80 })}
          <SelectField
            id="payments-checkState"
            label="State"
            required
            error={errors["paymentDetails.checkState"]}
            value={details.checkState}
            options={US_STATES}
            placeholder="Select a state"
            onChange={(v) => setDetail("checkState", v ?? "")}
          />
          {detail("checkZipCode", "ZIP code", { inputMode: "numeric", maxLength: 10, autoComplete: "postal-code" })}
        </div>
      )}
    </fieldset>
  );
}
