"use client";

import { useState } from "react";
import { AttestationCheckbox } from "@/components/ui/attestation-checkbox";
import { DISTRICT_POLICY_CHECKED_TEXT } from "@/lib/accounts/attestations";
import { POLICY_NOT_ON_FILE } from "@/lib/districts/research-policy-words";

export const DISTRICT_CHECK_MISSING = "Please confirm you checked your district's research policy.";

/** Asked before applying or accepting when the expert's district's research policy is not on file. */
export function DistrictPolicyCheck({
  id,
  checked,
  onChange,
  error,
}: {
  id: string;
  checked: boolean;
  onChange: (c: boolean) => void;
  error?: string | null;
}) {
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium">{POLICY_NOT_ON_FILE}.</p>
      <AttestationCheckbox id={id} label={DISTRICT_POLICY_CHECKED_TEXT} checked={checked} onChange={onChange} error={error} />
    </div>
  );
}

/**
 * The check as a dialog uses it: the field (nothing when not asked), `ok()` before sending (it
 * shows the error and focuses the box when unticked), the value to send, and a reset on close.
 */
export function useDistrictCheck(asked: boolean, id: string) {
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = asked ? (
    <DistrictPolicyCheck
      id={id}
      checked={checked}
      onChange={(c) => {
        setChecked(c);
        if (c) setError(null);
      }}
      error={error}
    />
  ) : null;
  const ok = () => {
    if (!asked || checked) return true;
    setError(DISTRICT_CHECK_MISSING);
    document.getElementById(id)?.focus();
    return false;
  };
  const reset = () => {
    setChecked(false);
    setError(null);
  };
  return { field, ok, value: asked ? checked : undefined, reset };
}
