"use client";

import { useEffect, useMemo, useState } from "react";
import { CheckCircle2, ChevronDown, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import type { ProfileStep } from "@/lib/constants";
import { ONBOARDING_MESSAGES, STEP_TITLES } from "@/lib/validation/onboarding";
import { useStepForm, type DraftAction, type SaveStatus, type StepAction } from "@/components/onboarding/use-step-form";
import { initialValuesOf } from "@/components/onboarding/initial-values";
import type { OnboardingProfile } from "@/components/onboarding/types";
import type { StepFieldsProps } from "@/components/onboarding/step-props";
import { BasicsFields } from "@/components/onboarding/basics-fields";
import { LinkedinFields } from "@/components/onboarding/linkedin-fields";
import { ExpertiseFields } from "@/components/onboarding/expertise-fields";
import { PreferencesFields } from "@/components/onboarding/preferences-fields";
import { PaymentsFields } from "@/components/onboarding/payments-fields";
import { PulseFields } from "@/components/onboarding/pulse-fields";

const FIELDS: Record<Exclude<ProfileStep, "linkedin">, (p: StepFieldsProps) => React.ReactNode> = {
  basics: BasicsFields,
  expertise: ExpertiseFields,
  preferences: PreferencesFields,
  payments: PaymentsFields,
  pulse: PulseFields,
};

function StatusText({ status }: { status: SaveStatus }) {
  return (
    <p role="status" className="text-sm text-muted-foreground" data-testid="save-status">
      {status === "saving" && "Saving…"}
      {status === "saved" && "All changes saved"}
      {status === "invalid" && "Kept on this device; fix the highlighted fields to save them"}
      {status === "error" && <span className="text-destructive">{ONBOARDING_MESSAGES.saveFailed}</span>}
    </p>
  );
}

export function StepPanel({
  step, index, userId, profile, open, completed, onToggle, onProfile, onSaved, saveDraft, saveStep,
}: {
  step: ProfileStep;
  index: number;
  userId: string;
  profile: OnboardingProfile | null;
  open: boolean;
  completed: boolean;
  onToggle: (open: boolean) => void;
  onProfile: (p: OnboardingProfile) => void;
  onSaved: (step: ProfileStep, p: OnboardingProfile | null, message?: string) => void;
  saveDraft: DraftAction;
  saveStep: StepAction;
}) {
  // The form starts from the profile as first loaded; later profile updates come from its own saves.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initial = useMemo(() => initialValuesOf(step, profile), [step]);
  const form = useStepForm({ step, userId, initial, saveDraft, saveStep, onProfile });
  const headingId = `step-${step}-heading`;
  const bodyId = `step-${step}-body`;
  // Bumped after a refused save; the effect runs once the errors are on screen.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) document.querySelector<HTMLElement>(`#${bodyId} [aria-invalid="true"]`)?.focus();
  }, [refusals, bodyId]);

  async function continueStep(override?: Record<string, unknown>) {
    const result = await form.submit(override);
    if ("profile" in result) onSaved(step, result.profile);
    else {
      onSaved(step, null, result.message);
      setRefusals((n) => n + 1);
    }
  }

  const fieldProps: StepFieldsProps = { values: form.values, errors: form.errors, set: form.set, profile };
  const Fields = step === "linkedin" ? null : FIELDS[step];
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-card shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 p-4 sm:px-6">
        <h2 id={headingId} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold outline-hidden">
          {completed ? (
            <CheckCircle2 aria-hidden className="size-5 text-primary" />
          ) : (
            <span aria-hidden className="flex size-6 items-center justify-center rounded-full bg-muted text-xs">
              {index + 1}
            </span>
          )}
          <span>
            <span className="sr-only">Step {index + 1}: </span>
            {STEP_TITLES[step]}
          </span>
          {completed && <Badge variant="secondary">Completed</Badge>}
        </h2>
        {open ? (
          <Button type="button" variant="ghost" size="sm" aria-expanded aria-controls={bodyId} onClick={() => onToggle(false)}>
            Collapse
            <ChevronDown aria-hidden className="rotate-180" />
          </Button>
        ) : (
          <Button type="button" variant={completed ? "outline" : "ghost"} size="sm" aria-expanded={false} aria-controls={bodyId} onClick={() => onToggle(true)}>
            {completed ? "Edit" : "Open"}
            <span className="sr-only"> {STEP_TITLES[step]}</span>
          </Button>
        )}
      </div>
      <div id={bodyId} hidden={!open} className="border-t border-border p-4 sm:p-6">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void continueStep();
          }}
          className="space-y-6"
        >
          {step === "linkedin" ? (
            <LinkedinFields {...fieldProps} submitting={form.submitting} onAccept={(headline) => void continueStep({ linkedinHeadline: headline })} />
          ) : (
            Fields && <Fields {...fieldProps} />
          )}
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
            <StatusText status={form.status} />
            <Button type="submit" disabled={form.submitting}>
              {form.submitting && <Loader2 aria-hidden className="animate-spin" />}
              Save & Continue
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}
