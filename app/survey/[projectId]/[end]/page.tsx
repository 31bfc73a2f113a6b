import type { Metadata } from "next";
import Link from "next/link";
import { CheckCircle2, CircleSlash, XCircle } from "lucide-react";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { getActor } from "@/lib/accounts/session";
import { isAppError } from "@/lib/platform/errors";
import { recordSurveyEnd, type SurveyEndResult } from "@/lib/engagements/surveys";
import { surveyEndSchema } from "@/lib/engagements/schemas/surveys";

export const metadata: Metadata = {
  title: "Survey",
  description: "Your survey response on K12 Experts.",
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ projectId: string; end: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

const OUTCOME: Record<SurveyEndResult["state"], { title: string; text: string }> = {
  submitted: {
    title: "Response submitted",
    text: "Thank you: your response is recorded and in the client's review. Its pay reaches your wallet when the review ends, or sooner if they approve it.",
  },
  screened_out: {
    title: "Thanks for your time",
    text: "This survey was looking for a different profile. Any screen-out pay the client set is on its way to your wallet.",
  },
  over_quota: {
    title: "This survey is full",
    text: "The survey already had enough answers from people like you. Any over-quota pay the client set is on its way to your wallet.",
  },
};

/**
 * Where a client's survey sends people when they finish, are screened out or arrive over quota.
 * The survey tool redirects here, so arriving is the answer: the code proves the survey sent
 * them, the opaque id (or the signed-in expert) names the place. Never prefetched: nothing on
 * the site links here.
 */
export default async function SurveyEndPage({ params, searchParams }: Props) {
  const { projectId, end } = await params;
  const query = await searchParams;
  const parsed = surveyEndSchema.safeParse({ projectId, end, code: one(query.code) ?? "", pid: one(query.pid) });
  let result: SurveyEndResult | null = null;
  let problem: string | null = null;
  if (!parsed.success)
    problem = "This survey address is incomplete. Open the survey from your dashboard, or enter the code from its last page there.";
  else {
    try {
      const pid = parsed.data.pid && !parsed.data.pid.includes("{") ? parsed.data.pid : null;
      result = await recordSurveyEnd({
        projectId,
        end: parsed.data.end,
        code: parsed.data.code,
        participantId: pid,
        actor: await getActor(),
      });
    } catch (e) {
      if (!isAppError(e)) throw e;
      problem = e.message;
    }
  }
  const outcome = result ? OUTCOME[result.state] : null;
  return (
    <AuthCard title={outcome?.title ?? "We could not record this"} description={result ? `“${result.projectTitle}”` : "Survey response"}>
      {outcome ? (
        <div className="grid gap-4">
          <p className="flex gap-2 text-sm">
            {result?.state === "submitted" ? (
              <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-success" />
            ) : (
              <CircleSlash aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            )}
            <span data-testid="survey-outcome">{outcome.text}</span>
          </p>
          <Button asChild>
            <Link href="/dashboard?tab=opportunities">Back to your dashboard</Link>
          </Button>
        </div>
      ) : (
        <div className="grid gap-4">
          <Alert variant="destructive">
            <XCircle aria-hidden="true" className="size-4" />
            <AlertTitle>Not recorded</AlertTitle>
            <AlertDescription data-testid="survey-problem">{problem}</AlertDescription>
          </Alert>
          <Button asChild variant="outline">
            <Link href="/dashboard?tab=opportunities">Go to your dashboard</Link>
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
