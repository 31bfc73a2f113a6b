"use client";

import Link from "next/link";
import { MailCheck } from "lucide-react";
import { Input } from "@/components/ui/input";
import { controlProps, Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { AttestationCheckbox } from "@/components/ui/attestation-checkbox";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { COUNTRY_CODES, MESSAGES } from "@/lib/accounts/schemas/auth-rules";

// The parts of the registration form that only one kind of account has, and what it shows once
// a client's account is made.

export type Errors = Record<string, string[] | undefined>;

/** id, name, aria-invalid and aria-describedby of one registration field. */
export const inputProps = (id: string, errors: Errors, name: string) => ({ name, ...controlProps(id, errors[name]) });

type PartProps = { id: (name: string) => string; errors: Errors };

/** An expert's mobile number and where they live. */
export function ExpertContactFields({ id, errors }: PartProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[7rem_1fr]">
        <Field required id={id("countryCode")} label="Country code" error={errors.countryCode}>
          <NativeSelect {...inputProps(id("countryCode"), errors, "countryCode")} defaultValue="+1">
            {COUNTRY_CODES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field required id={id("mobileNumber")} label="Mobile number" error={errors.mobileNumber}>
          <Input {...inputProps(id("mobileNumber"), errors, "mobileNumber")} type="tel" autoComplete="tel-national" required />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field required id={id("city")} label="City" error={errors.city}>
          <Input {...inputProps(id("city"), errors, "city")} autoComplete="address-level2" required />
        </Field>
        <Field required id={id("zipCode")} label="ZIP code" error={errors.zipCode}>
          <Input
            {...inputProps(id("zipCode"), errors, "zipCode")}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="12345"
            required
          />
        </Field>
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">{MESSAGES.zip}</p>
    </>
  );
}

/** The expert's agreement to the Privacy & Data Policy, required to register. */
export function PrivacyAgreement({ id, errors, checked, onChange }: PartProps & { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="space-y-1.5">
      <AttestationCheckbox
        id={id("privacy")}
        checked={checked}
        onChange={onChange}
        error={errors.privacyAgreement?.[0]}
        required
        labelClassName="font-normal"
        label={
          <>
            I agree to the{" "}
            <Link href="/privacy-data" className="text-primary underline" target="_blank">
              Privacy &amp; Data Policy
            </Link>
          </>
        }
      />
    </div>
  );
}

/** What creating the account accepts besides the privacy box (recorded as consents at sign-up). */
export function RegisterAccepts({ kind }: { kind: "expert" | "client" }) {
  return (
    <p className="text-xs text-muted-foreground" data-testid="register-accepts">
      By creating an account you accept the{" "}
      <Link href="/terms" className="underline" target="_blank">
        Terms of Service
      </Link>
      {kind === "expert" ? (
        <>
          , the{" "}
          <Link href="/payment-policy" className="underline" target="_blank">
            Payment Policy
          </Link>{" "}
          and the{" "}
          <Link href="/expert-agreement" className="underline" target="_blank">
            Expert Agreement
          </Link>
          .
        </>
      ) : (
        <>
          {" "}
          and the{" "}
          <Link href="/privacy-data" className="underline" target="_blank">
            Privacy &amp; Data Policy
          </Link>
          .
        </>
      )}
    </p>
  );
}

/** A client's account is made: the verification e-mail is on its way. */
export function RegistrationSent({ email }: { email: string }) {
  return (
    <Alert role="status">
      <MailCheck aria-hidden className="size-4" />
      <AlertTitle>Registration successful!</AlertTitle>
      <AlertDescription>
        Please check your email to verify your account. We sent a link to <strong>{email}</strong>; it is valid for 24 hours.
        <span className="mt-2 block">
          <Link className="font-medium underline" href="/client/login">
            Go to client login
          </Link>
        </span>
      </AlertDescription>
    </Alert>
  );
}
