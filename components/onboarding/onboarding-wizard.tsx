"use client";

import { useCallback, useEffect, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { PROFILE_STEPS, type ProfileStep } from "@/lib/accounts/constants";
import { ONBOARDING_MESSAGES } from "@/lib/experts/profile/rules";
import { saveDraftAction, saveStepAction } from "@/lib/experts/actions/onboarding";
import { StepPanel } from "@/components/onboarding/step-panel";
import type { OnboardingProfile } from "@/components/onboarding/types";

const focusStep = (step: ProfileStep) =>
  requestAnimationFrame(() => {
    const heading = document.getElementById(`step-${step}-heading`);
    heading?.focus();
    heading?.scrollIntoView({ block: "start", behavior: "smooth" });
  });

/**
 * The six collapsible steps. On load the requested (?step=) or first incomplete step is open
 * and the others collapsed; Save & Continue opens the next incomplete step; after the last,
 * /dashboard with the 'Profile Complete!' toast.
 */
export function OnboardingWizard({
  userId,
  initialProfile,
  requestedStep,
}: {
  userId: string;
  initialProfile: OnboardingProfile | null;
  requestedStep: ProfileStep | null;
}) {
  const router = useRouter();
  const [profile, setProfile] = useState(initialProfile);
  const [open, setOpen] = useState<ProfileStep | null>(requestedStep ?? (initialProfile ? initialProfile.nextStep : "basics"));
  const steps = profile?.profileSteps ?? {
    basics: false,
    linkedin: false,
    expertise: false,
    preferences: false,
    payments: false,
    pulse: false,
  };
  const completed = PROFILE_STEPS.filter((s) => steps[s]).length;

  useEffect(() => {
    if (requestedStep) focusStep(requestedStep);
  }, [requestedStep]);

  const onProfile = useCallback((p: OnboardingProfile) => setProfile(p), []);
  const onSaved = useCallback(
    (step: ProfileStep, p: OnboardingProfile | null, message?: string) => {
      if (!p) {
        toast.error(message || ONBOARDING_MESSAGES.saveFailed);
        return;
      }
      if (p.nextStep === null) {
        // The Toaster lives in the root layout, so the toast survives this client navigation.
        toast.success("Profile Complete!");
        router.push("/dashboard");
        return;
      }
      // The next step after this one that is still incomplete (or the first one left).
      const after = PROFILE_STEPS.slice(PROFILE_STEPS.indexOf(step) + 1).find((s) => !p.profileSteps[s]) ?? p.nextStep;
      setOpen(after);
      focusStep(after);
    },
    [router],
  );

  return (
    <div className="mt-6 space-y-4">
      <div className="space-y-2">
        <div className="flex items-center justify-between text-sm">
          <span id="onboarding-progress-label" className="font-medium">
            Profile progress
          </span>
          <span data-testid="progress-count">
            {completed} of {PROFILE_STEPS.length} steps completed
          </span>
        </div>
        <Progress aria-labelledby="onboarding-progress-label" value={completed} max={PROFILE_STEPS.length} />
      </div>

      {PROFILE_STEPS.map((step, index) => (
        <StepPanel
          key={step}
          step={step}
          index={index}
          userId={userId}
          profile={profile}
          open={open === step}
          completed={steps[step]}
          onToggle={(isOpen) => setOpen(isOpen ? step : null)}
          onProfile={onProfile}
          onSaved={onSaved}
          saveDraft={saveDraftAction}
          saveStep={saveStepAction}
        />
      ))}

      {/* Finished (here or in another browser): nothing is left to skip, so the way on is the dashboard. */}
      {completed === PROFILE_STEPS.length ? (
        <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
          <p className="text-sm text-muted-foreground">Your profile is complete. You can edit any step here at any time.</p>
          <Button asChild>
            <Link href="/dashboard">Go to My Dashboard</Link>
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
          <p className="text-sm text-muted-foreground">You can finish later; your answers are saved.</p>
          <Button asChild variant="outline">
            <Link href="/">Skip for Now</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
