"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CheckCircle2, ChevronDown, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import type { ProfileStep } from "@/lib/accounts/constants";
import { ONBOARDING_MESSAGES } from "@/lib/experts/profile/rules";
import { STEP_TITLES } from "@/lib/experts/profile/table";
import { formValuesOf } from "@/lib/experts/profile/view";
import { useStepForm, type DraftAction, type SaveStatus, type StepAction } from "@/components/onboarding/use-step-form";
import type { OnboardingProfile, Values } from "@/components/onboarding/types";
import { DEFAULT_TIME_ZONE, matchingTimeZone } from "@/lib/vocabulary/time";
import { browserTimeZone } from "@/lib/platform/zoned-time";
import { useReauth } from "@/components/settings/reauth-dialog";
import { StepPartsProvider, useStepPartsRegistry } from "@/components/ui/step-parts";
import { useErrorFocus } from "@/components/ui/use-form-errors";

/** A field or two set at the moment of saving (Accept & Continue's headline); the server checks them with the rest. */
type Loose = Record<string, unknown>;
import type { StepFieldsProps } from "@/components/onboarding/step-props";
import { BasicsFields } from "@/components/onboarding/basics-fields";
import { LinkedinFields } from "@/components/onboarding/linkedin-fields";
import { ExpertiseFields } from "@/components/onboarding/expertise-fields";
import { PreferencesFields } from "@/components/onboarding/preferences-fields";
import { PaymentsFields } from "@/components/onboarding/payments-fields";
import { PulseFields } from "@/components/onboarding/pulse-fields";

const FIELDS: { [S in Exclude<ProfileStep, "linkedin">]: (p: StepFieldsProps<S>) => React.ReactNode } = {
  basics: BasicsFields,
  expertise: ExpertiseFields,
  preferences: PreferencesFields,
  payments: PaymentsFields,
  pulse: PulseFields,
};

/** The fields component of a step, given that step's own props. */
function StepFields<S extends ProfileStep>({
  step,
  props,
  submitting,
  onAccept,
}: {
  step: S;
  props: StepFieldsProps<S>;
  submitting: boolean;
  onAccept: (headline: string) => void;
}) {
  // `step` and `props` belong together; TypeScript cannot narrow a generic pair, so each branch says which step it is.
  if (step === "linkedin")
    return <LinkedinFields {...(props as StepFieldsProps<"linkedin">)} submitting={submitting} onAccept={onAccept} />;
  const Fields = FIELDS[step as Exclude<ProfileStep, "linkedin">] as (p: StepFieldsProps<S>) => React.ReactNode;
  return <Fields {...props} />;
}

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

/**
 * Until the basics are first saved, the time zone is the browser's (when it is one of the
 * choices, or keeps the same clock as one), not the platform's Eastern default.
 */
function browserPresetsOf<S extends ProfileStep>(step: S, profile: OnboardingProfile | null, initial: Values<S>): Partial<Values<S>> {
  if (step !== "basics" || profile?.profileSteps.basics) return {};
  const stored = (initial as Values<"basics">).timeZone;
  const zone = matchingTimeZone(browserTimeZone());
  return zone && stored === DEFAULT_TIME_ZONE ? ({ timeZone: zone } as unknown as Partial<Values<S>>) : {};
}

/**
 * After a refused save: the form layer's focus and count (the first invalid field on screen takes
 * the focus and the number of highlighted fields is announced), or, when no field on screen shows
 * the refusal, the server's words as the step's message.
 */
function useRefusalFocus(step: ProfileStep, onSaved: (step: ProfileStep, p: OnboardingProfile | null, message?: string) => void) {
  // Bumped after a refused save; the effect runs once the errors are on screen.
  const [refusals, setRefusals] = useState(0);
  const unshown = useRef<string | null>(null);
  const { ref: formRef, reportErrors, announcement } = useErrorFocus();
  useEffect(() => {
    if (!refusals) return;
    const shown = formRef.current?.querySelectorAll('[aria-invalid="true"]').length ?? 0;
    if (shown) reportErrors(shown);
    else if (unshown.current) onSaved(step, null, unshown.current);
    unshown.current = null;
    // reportErrors is a fresh function each render; the effect answers a new refusal only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals, onSaved, step]);
  /** `message`: the server's words, said only if no field on screen is marked. */
  const refused = (message: string | null = null) => {
    unshown.current = message;
    setRefusals((n) => n + 1);
  };
  return { formRef, announcement, refused };
}

export function StepPanel<S extends ProfileStep>({
  step,
  index,
  userId,
  profile,
  open,
  completed,
  onToggle,
  onProfile,
  onSaved,
  saveDraft,
  saveStep,
}: {
  step: S;
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
  const initial = useMemo(() => formValuesOf(step, profile), [step]);
  // Payout details ask for the password again when it was entered long ago (REAUTH_MINUTES).
  const { withReauth, dialog } = useReauth();
  const guardedSaveStep = useCallback<StepAction>((input) => withReauth(() => saveStep(input)), [withReauth, saveStep]);
  const form = useStepForm({
    step,
    userId,
    initial,
    saveDraft,
    saveStep: guardedSaveStep,
    onProfile,
    browserPresets: () => browserPresetsOf(step, profile, initial),
  });
  const headingId = `step-${step}-heading`;
  const bodyId = `step-${step}-body`;
  const { formRef, announcement, refused } = useRefusalFocus(step, onSaved);

  // Parts of the step saved by their own action (the conflict declarations) are saved first.
  const parts = useStepPartsRegistry();
  const [savingParts, setSavingParts] = useState(false);
  const busy = form.submitting || savingParts;

  async function continueStep(override?: Loose) {
    if (busy) return;
    setSavingParts(true);
    const problem = await parts.saveAll().finally(() => setSavingParts(false));
    if (problem) {
      onSaved(step, null, problem);
      refused();
      return;
    }
    const result = await form.submit(override);
    if ("profile" in result) onSaved(step, result.profile);
    else {
      // Field errors show inline, and the first invalid field takes the focus; only a save
      // that failed for another reason also gets the toast.
      if (!result.invalid) onSaved(step, null, result.message);
      refused(result.invalid ? result.message : null);
    }
  }

  const fieldProps: StepFieldsProps<S> = { values: form.values, errors: form.errors, set: form.set, profile };
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-card shadow-sm">
      {dialog}
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
          <Button
            type="button"
            variant={completed ? "outline" : "ghost"}
            size="sm"
            aria-expanded={false}
            aria-controls={bodyId}
            onClick={() => onToggle(true)}
          >
            {completed ? "Edit" : "Open"}
            <span className="sr-only"> {STEP_TITLES[step]}</span>
          </Button>
        )}
      </div>
      <div id={bodyId} hidden={!open} className="border-t border-border p-4 sm:p-6">
        <form
          ref={formRef}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void continueStep();
          }}
          className="space-y-6"
        >
          {announcement}
          <StepPartsProvider value={parts.registry}>
            <StepFields
              step={step}
              props={fieldProps}
              submitting={busy}
              onAccept={(headline) => void continueStep({ linkedinHeadline: headline })}
            />
          </StepPartsProvider>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
            <StatusText status={form.status} />
            <Button type="submit" disabled={busy}>
              {busy && <Loader2 aria-hidden className="animate-spin" />}
              Save & Continue
            </Button>
          </div>
        </form>
      </div>
    </section>
  );
}
