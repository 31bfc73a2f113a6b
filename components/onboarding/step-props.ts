import type { ProfileStep } from "@/lib/accounts/constants";
import type { Errors, OnboardingProfile, Values } from "@/components/onboarding/types";

/** What every step's fields component gets: its step's values (the profile table's names) and a typed setter. */
export type StepFieldsProps<S extends ProfileStep> = {
  values: Values<S>;
  errors: Errors;
  set: <K extends keyof Values<S>>(key: K, value: Values<S>[K]) => void;
  profile: OnboardingProfile | null;
};

export const str = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));
