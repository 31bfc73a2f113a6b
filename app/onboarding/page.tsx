import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { PROFILE_STEPS, type ProfileStep } from "@/lib/accounts/constants";
import { findOwnExpertProfile } from "@/lib/experts/expert-profile";
import { OnboardingWizard } from "@/components/onboarding/onboarding-wizard";

export const metadata: Metadata = {
  title: "Complete Your Profile",
  description: "Set up your K12 Experts expert profile in six steps.",
  robots: { index: false },
};

export default async function OnboardingPage({ searchParams }: { searchParams: Promise<{ step?: string | string[] }> }) {
  const { step } = await searchParams;
  const requested = typeof step === "string" && (PROFILE_STEPS as readonly string[]).includes(step) ? (step as ProfileStep) : null;
  const actor = await requirePageRole(["expert"], "/login", requested ? `/onboarding?step=${requested}` : "/onboarding");
  const profile = await findOwnExpertProfile(actor);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Complete Your Profile</h1>
      <p className="mt-2 text-muted-foreground">
        Six short steps help research organizations find you. Your answers save as you type, so you can leave and come back at any time.
      </p>
      <OnboardingWizard userId={actor.userId} initialProfile={profile} requestedStep={requested} />
    </div>
  );
}
