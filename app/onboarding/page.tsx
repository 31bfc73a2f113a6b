import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Complete Your Profile", description: "Set up your K12 Experts expert profile.", robots: { index: false } };

export default async function OnboardingPage() {
  const actor = await requirePageRole(null, "/login", "/onboarding");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Complete Your Profile</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {actor.email}.</p>
    </div>
  );
}
