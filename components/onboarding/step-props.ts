import type { Errors, OnboardingProfile, Values } from "@/components/onboarding/types";

export type StepFieldsProps = {
  values: Values;
  errors: Errors;
  set: (key: string, value: unknown) => void;
  profile: OnboardingProfile | null;
};

export const str = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));
export const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
