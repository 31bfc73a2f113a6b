import { PROFILE_STEPS, type ProfileStep } from "@/lib/accounts/constants";
import type { Expert } from "@/lib/generated/prisma/client";
import { completedStepCount, nextIncompleteStep, profileCompleteness, toProfileSteps } from "@/lib/accounts/onboarding-steps";
import { PROFILE_TABLE, type StepForm } from "@/lib/experts/profile/table";

// The expert's own profile as the wizard and GET /api/experts-me see it: every step's form
// values (derived from the table), the numbers on file only as their last 4 digits, progress.

export type ExpertRow = Expert & { user: { firstName: string; lastName: string; email: string } };

type AllStepValues = StepForm<"basics"> &
  StepForm<"linkedin"> &
  StepForm<"expertise"> &
  StepForm<"preferences"> &
  Omit<StepForm<"payments">, "paymentDetails"> &
  StepForm<"pulse">;

export type ExpertProfile = AllStepValues & {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  city: string | null;
  zipCode: string | null;
  phone: string | null;
  verificationStatus: Expert["verificationStatus"];
  linkedinVerified: boolean;
  pulseScore: number | null;
  /** The form's details, plus what is on file of the two numbers (never the numbers). */
  paymentDetails: StepForm<"payments">["paymentDetails"] & { routingNumberLast4: string | null; accountNumberLast4: string | null };
  profileSteps: Record<ProfileStep, boolean>;
  completedSteps: number;
  totalSteps: number;
  completeness: number;
  nextStep: ProfileStep | null;
  createdAt: string;
  updatedAt: string;
};

export function toProfile(row: ExpertRow): ExpertProfile {
  const t = PROFILE_TABLE;
  const pay = t.payments.fromRow(row);
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    email: row.user.email,
    city: row.city,
    zipCode: row.zipCode,
    phone: row.phone,
    verificationStatus: row.verificationStatus,
    linkedinVerified: row.linkedinVerified,
    pulseScore: row.pulseScore,
    ...t.basics.fromRow(row),
    ...t.linkedin.fromRow(row),
    ...t.expertise.fromRow(row),
    ...t.preferences.fromRow(row),
    ...pay,
    paymentDetails: { ...pay.paymentDetails!, routingNumberLast4: row.routingNumberLast4, accountNumberLast4: row.accountNumberLast4 },
    ...t.pulse.fromRow(row),
    profileSteps: toProfileSteps(row),
    completedSteps: completedStepCount(row),
    totalSteps: PROFILE_STEPS.length,
    completeness: profileCompleteness(row),
    nextStep: nextIncompleteStep(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A step's form values from the profile (the wizard's starting point), or the step's defaults. */
export function formValuesOf<S extends ProfileStep>(step: S, profile: ExpertProfile | null): StepForm<S> {
  // One step of the table, read generically: its defaults are StepForm<S> by definition.
  const entry: { defaults: unknown; schema: { shape: object } } = PROFILE_TABLE[step];
  if (!profile) return entry.defaults as StepForm<S>;
  const keys = Object.keys(entry.schema.shape);
  return Object.fromEntries(keys.map((k) => [k, profile[k as keyof ExpertProfile]])) as StepForm<S>;
}
