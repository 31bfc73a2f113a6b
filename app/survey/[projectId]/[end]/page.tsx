import type { Metadata } from "next";
import Link from "next/link";
import { XCircle } from "@/components/ui/icons";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { getActor } from "@/lib/accounts/session";
import { isAppError } from "@/lib/platform/errors";
import { SURVEY_REPORTED_BY_TOOL, viewSurveyEnd, type SurveyEndView } from "@/lib/engagements/surveys";
import { surveyEndSchema } from "@/lib/engagements/schemas/surveys";
import { SurveyEndConfirm } from "./survey-end-client";

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
const INCOMPLETE = "This survey address is incomplete. Open the survey from your dashboard, or enter the code from its last page there.";

/**
 * Where a client's survey sends people when they finish, are screened out or arrive over quota.
 * Opening it changes nothing: it shows the answer already recorded (a reload says so calmly), or
 * a confirmation that posts the participant id and code in the address for the signed-in
 * expert's own place. Never prefetched: nothing on the site links here.
 */
export default async function SurveyEndPage({ params, searchParams }: Props) {
  const { projectId, end } = await params;
  const query = await searchParams;
  const parsed = surveyEndSchema.safeParse({ projectId, end, code: one(query.code) ?? "", pid: one(query.pid) ?? "" });
  if (!parsed.success) return <NotRecorded problem={INCOMPLETE} />;
  const actor = await getActor();
  if (!actor) {
    const here = `/survey/${projectId}/${end}?${new URLSearchParams({ pid: parsed.data.pid, code: parsed.data.code })}`;
    return (
      <AuthCard title="Sign in to record your response" description="Survey response">
        <div className="grid gap-4">
          <p className="text-sm">Your survey sent you back to K12 Experts. Sign in as the expert who took it to record your response.</p>
          <Button asChild>
            <Link href={`/login?callbackUrl=${encodeURIComponent(here)}`}>Sign in</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  let view: SurveyEndView;
  try {
    view = await viewSurveyEnd(actor, { projectId, end: parsed.data.end, participantId: parsed.data.pid });
  } catch (e) {
    if (!isAppError(e)) throw e;
    return <NotRecorded problem={e.message} />;
  }
  return (
    <AuthCard title={`“${view.projectTitle}”`} description="Survey response">
      {view.awaitingReport && !view.recorded ? (
        <div className="grid gap-4" data-testid="survey-awaiting-report">
          <h2 className="text-lg font-semibold">Waiting for the survey</h2>
          <p className="text-sm">{SURVEY_REPORTED_BY_TOOL}</p>
          <Button asChild variant="outline">
            <Link href="/dashboard?tab=opportunities">Go to your dashboard</Link>
          </Button>
        </div>
      ) : (
        // One component whether or not an answer is on the place, so the confirmation's own
        // result stays on screen when the action's refresh renders the page again.
        <SurveyEndConfirm
          projectId={projectId}
          end={parsed.data.end}
          code={parsed.data.code}
          pid={parsed.data.pid}
          recorded={view.recorded}
        />
      )}
    </AuthCard>
  );
}

function NotRecorded({ problem }: { problem: string }) {
  return (
    <AuthCard title="We could not record this" description="Survey response">
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
    </AuthCard>
  );
}
