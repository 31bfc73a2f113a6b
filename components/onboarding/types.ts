import type { ProfileStep } from "@/lib/accounts/constants";
import type { StepForm } from "@/lib/experts/profile/table";

// The wizard's types, derived from the profile table: a step's form values are its entry's.
export type { ExpertProfile as OnboardingProfile } from "@/lib/experts/profile/view";

export type Values<S extends ProfileStep = ProfileStep> = StepForm<S>;
export type Errors = Record<string, string[] | undefined>;
