"use client";

import { useEffect, useRef, useState } from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { describedBy } from "@/components/onboarding/fields";
import { str, type StepFieldsProps } from "@/components/onboarding/step-props";
import { LINKEDIN_FETCH_DELAY_MS } from "@/lib/accounts/constants";
import { ONBOARDING_MESSAGES } from "@/lib/experts/profile/rules";
import { LINKEDIN_URL_PATTERN } from "@/lib/experts/profile/steps/linkedin";
import { LINKEDIN_VERIFICATION_PROMISE } from "@/lib/experts/verification-rules";

type Phase = "enter" | "fetching" | "fetched" | "manual";

/** Sample headline data (the LinkedIn fetch is simulated): built from what the expert told us (the role as stored, its label). */
function sampleHeadline(profile: StepFieldsProps<"linkedin">["profile"]) {
  const role = profile?.roleTitle || "K-12 Education Leader";
  return profile?.organizationName ? `${role} at ${profile.organizationName}` : `${role} | K-12 Education`;
}

/**
 * URL valid → Fetch Info (a simulated 2-second fetch that returns sample headline data) →
 * Accept & Continue, or Edit Manually to type the headline.
 */
export function LinkedinFields({
  values,
  errors,
  set,
  profile,
  onAccept,
  submitting,
}: StepFieldsProps<"linkedin"> & { onAccept: (headline: string) => void; submitting: boolean }) {
  const [phase, setPhase] = useState<Phase>(values.linkedinHeadline ? "manual" : "enter");
  const [localError, setLocalError] = useState<string | null>(null);
  const [sample, setSample] = useState<string>("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function fetchInfo() {
    const url = str(values.linkedinUrl).trim();
    if (!LINKEDIN_URL_PATTERN.test(url)) {
      setLocalError(ONBOARDING_MESSAGES.linkedinUrl);
      return;
    }
    setLocalError(null);
    setPhase("fetching");
    timer.current = setTimeout(() => {
      setSample(sampleHeadline(profile));
      setPhase("fetched");
    }, LINKEDIN_FETCH_DELAY_MS);
  }

  const urlErrors = localError ? { linkedinUrl: [localError] } : errors;
  return (
    <div className="space-y-4">
      <Field
        id="linkedin-linkedinUrl"
        label="LinkedIn profile URL"
        required
        error={urlErrors.linkedinUrl}
        hint={`${LINKEDIN_VERIFICATION_PROMISE}: our team reviews your LinkedIn profile when it verifies you, and your dashboard shows PENDING until then.`}
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            {...describedBy("linkedin-linkedinUrl", urlErrors, "linkedinUrl", true)}
            type="url"
            inputMode="url"
            placeholder="https://linkedin.com/in/yourname"
            value={str(values.linkedinUrl)}
            onChange={(e) => {
              setLocalError(null);
              set("linkedinUrl", e.target.value);
            }}
          />
          <Button type="button" variant="outline" onClick={fetchInfo} disabled={phase === "fetching"}>
            {phase === "fetching" && <Loader2 aria-hidden className="animate-spin" />}
            {phase === "fetching" ? "Fetching…" : "Fetch Info"}
          </Button>
        </div>
      </Field>

      <div aria-live="polite">
        {phase === "fetching" && <p className="text-sm text-muted-foreground">Fetching your LinkedIn information…</p>}
        {phase === "fetched" && (
          <div className="space-y-3 rounded-md border border-border bg-muted/40 p-4">
            <p className="text-sm font-medium">We found this headline:</p>
            <p className="text-sm" data-testid="linkedin-sample">
              {sample}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => onAccept(sample)} disabled={submitting}>
                Accept & Continue
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  set("linkedinHeadline", sample);
                  setPhase("manual");
                }}
              >
                Edit Manually
              </Button>
            </div>
          </div>
        )}
      </div>

      {phase === "manual" && (
        <Field id="linkedin-linkedinHeadline" label="Headline" error={errors.linkedinHeadline}>
          <Input
            {...describedBy("linkedin-linkedinHeadline", errors, "linkedinHeadline")}
            value={str(values.linkedinHeadline)}
            maxLength={300}
            onChange={(e) => set("linkedinHeadline", e.target.value)}
          />
        </Field>
      )}
    </div>
  );
}
