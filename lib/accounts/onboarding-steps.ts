import { PROFILE_STEPS, type ProfileStep } from "@/lib/accounts/constants";

// Onboarding progress: pure helpers shared by the gate, the wizard and the dashboard.

export type StepFlags = {
  stepBasics: boolean;
  stepLinkedin: boolean;
  stepExpertise: boolean;
  stepPreferences: boolean;
  stepPayments: boolean;
  stepPulse: boolean;
};

export const STEP_COLUMN: Record<ProfileStep, keyof StepFlags> = {
  basics: "stepBasics",
  linkedin: "stepLinkedin",
  expertise: "stepExpertise",
  preferences: "stepPreferences",
  payments: "stepPayments",
  pulse: "stepPulse",
};

export type ProfileSteps = Record<ProfileStep, boolean>;

export function toProfileSteps(flags: StepFlags | null | undefined): ProfileSteps {
  return Object.fromEntries(PROFILE_STEPS.map((s) => [s, Boolean(flags?.[STEP_COLUMN[s]])])) as ProfileSteps;
}

/** The first incomplete step in the fixed order, or null when all six are done. */
export function nextIncompleteStep(flags: StepFlags | null | undefined): ProfileStep | null {
  const steps = toProfileSteps(flags);
  return PROFILE_STEPS.find((s) => !steps[s]) ?? null;
}

export function completedStepCount(flags: StepFlags | null | undefined): number {
  const steps = toProfileSteps(flags);
  return PROFILE_STEPS.filter((s) => steps[s]).length;
}

/** Completed steps out of 6, as a rounded percentage. */
export function profileCompleteness(flags: StepFlags | null | undefined): number {
  return Math.round((completedStepCount(flags) / PROFILE_STEPS.length) * 100);
}

/** A missing expert row counts as incomplete (the onboarding gate sends that expert to /onboarding). */
export function isOnboardingComplete(flags: StepFlags | null | undefined): boolean {
  return nextIncompleteStep(flags) === null;
}
