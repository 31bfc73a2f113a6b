"use client";

import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { SelectField, describedBy } from "@/components/onboarding/fields";
import { str, type StepFieldsProps } from "@/components/onboarding/step-props";
import { PAYMENT_METHODS } from "@/lib/vocabulary/payments";
import { PAYMENT_DETAILS_EMPTY } from "@/lib/experts/profile/steps/payments";
import { CheckAddressFields, type DetailKey } from "@/components/onboarding/payments-check-address";
import { TAX_RULE_POINTS } from "@/lib/money/tax";
import { HOURLY_RATE_GUIDE, POLICY } from "@/lib/money/policy";

export function PaymentsFields({ values, errors, set, profile }: StepFieldsProps<"payments">) {
  const method = str(values.preferredPaymentMethod);
  const details = values.paymentDetails ?? PAYMENT_DETAILS_EMPTY;
  const setDetail = (key: DetailKey | "useW9Address", value: string | boolean) => set("paymentDetails", { ...details, [key]: value });
  const onFile = profile?.paymentDetails;
  const detail = (
    key: DetailKey,
    label: string,
    opts: { type?: string; inputMode?: "numeric" | "email" | "text"; maxLength?: number; hint?: string; autoComplete?: string } = {},
  ) => {
    const id = `payments-${key}`;
    const errKey = `paymentDetails.${key}`;
    return (
      <Field id={id} label={label} required error={errors[errKey]} hint={opts.hint}>
        <Input
          {...describedBy(id, errors, errKey, Boolean(opts.hint))}
          type={opts.type ?? "text"}
          inputMode={opts.inputMode}
          maxLength={opts.maxLength}
          autoComplete={opts.autoComplete ?? "off"}
          value={str(details[key])}
          onChange={(e) => setDetail(key, e.target.value)}
        />
      </Field>
    );
  };
  return (
    <div className="space-y-5">
      <SelectField
        id="payments-preferredPaymentMethod"
        label="Preferred payment method"
        required
        error={errors.preferredPaymentMethod}
        className="max-w-xs"
        value={values.preferredPaymentMethod}
        options={PAYMENT_METHODS}
        placeholder="Select a method"
        onChange={(v) => set("preferredPaymentMethod", v)}
      />

      {method === "bank_transfer" && (
        <div className="grid gap-4 sm:grid-cols-2">
          {detail("bankName", "Bank name")}
          {detail("accountHolder", "Account holder", { autoComplete: "name" })}
          {detail("routingNumber", "Routing number", {
            inputMode: "numeric",
            maxLength: 9,
            hint: onFile?.routingNumberLast4
              ? `On file: •••• ${onFile.routingNumberLast4}. Leave blank to keep it.`
              : "9 digits, printed at the bottom left of a check.",
          })}
          {detail("accountNumber", "Account number", {
            inputMode: "numeric",
            maxLength: 17,
            hint: onFile?.accountNumberLast4
              ? `On file: •••• ${onFile.accountNumberLast4}. Leave blank to keep it.`
              : "Stored encrypted; we only ever show the last 4 digits.",
          })}
        </div>
      )}
      {method === "paypal" && detail("paypalEmail", "PayPal email", { type: "email", inputMode: "email", autoComplete: "email" })}
      {method === "zelle" && detail("zelleEmail", "Zelle email", { type: "email", inputMode: "email", autoComplete: "email" })}
      {method === "venmo" && detail("venmoUsername", "Venmo username", { hint: "e.g. @maria-gonzalez" })}
      {method === "check" && <CheckAddressFields details={details} errors={errors} setDetail={setDetail} detail={detail} />}

      <div className="grid gap-4 sm:grid-cols-2">
        {(["hourlyRateMin", "hourlyRateMax"] as const).map((key) => (
          <Field
            key={key}
            id={`payments-${key}`}
            label={key === "hourlyRateMin" ? "Hourly rate minimum ($)" : "Hourly rate maximum ($)"}
            required
            error={errors[key]}
          >
            <Input
              {...describedBy(`payments-${key}`, errors, key)}
              type="number"
              inputMode="numeric"
              min={0}
              step={5}
              value={str(values[key])}
              onChange={(e) => set(key, e.target.value === "" ? null : Number(e.target.value))}
            />
          </Field>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">{HOURLY_RATE_GUIDE}</p>

      <div className="rounded-md border border-border bg-muted/40 p-4 text-sm">
        <h3 className="font-medium">Tax information</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
          {TAX_RULE_POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
          <li>{POLICY.payout}</li>
        </ul>
      </div>
      <div className="space-y-1.5">
        <label className="flex items-start gap-2 text-sm">
          <input
            id="payments-w9Consent"
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={values.w9Consent === true}
            aria-invalid={Boolean(errors.w9Consent)}
            aria-describedby={errors.w9Consent ? "payments-w9Consent-error" : undefined}
            onChange={(e) => set("w9Consent", e.target.checked)}
          />
          <span>
            I agree to provide a W-9 form before a cash out that reaches the year&apos;s 1099-NEC threshold
            <span aria-hidden className="text-destructive">
              {" "}
              *
            </span>
          </span>
        </label>
        {errors.w9Consent && (
          <p id="payments-w9Consent-error" role="alert" className="text-sm text-destructive">
            {errors.w9Consent[0]}
          </p>
        )}
      </div>
    </div>
  );
}
