import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { requirePageRole } from "@/lib/accounts/session";
import { isAppError } from "@/lib/platform/errors";
import { startSurvey } from "@/lib/engagements/surveys";
import { startSurveySchema } from "@/lib/engagements/schemas/surveys";

export const metadata: Metadata = { title: "Start survey", description: "Opens your survey.", robots: { index: false } };

/**
 * "Start survey": records the expert's first open and sends them on to their own link in the
 * client's survey. The dashboard links here with a plain anchor, never a prefetching one.
 */
export default async function StartSurveyPage({ params }: { params: Promise<{ engagementId: string }> }) {
  const { engagementId } = await params;
  const actor = await requirePageRole(["expert"], "/expert/login", `/dashboard/survey/${engagementId}`);
  let problem = "This survey could not be found.";
  if (startSurveySchema.safeParse({ engagementId }).success) {
    let url: string | null = null;
    try {
      url = (await startSurvey(actor, engagementId)).url;
    } catch (e) {
      if (!isAppError(e)) throw e;
      problem = e.code === "NOT_FOUND" ? "This survey could not be found." : e.message;
    }
    if (url) redirect(url);
  }
  return (
    <AuthCard title="Survey not available" description="We could not open this survey.">
      <div className="grid gap-4">
        <Alert variant="destructive">
          <AlertDescription data-testid="survey-problem">{problem}</AlertDescription>
        </Alert>
        <Button asChild variant="outline">
          <Link href="/dashboard?tab=opportunities">Back to your dashboard</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
