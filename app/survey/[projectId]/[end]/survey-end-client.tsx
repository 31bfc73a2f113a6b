"use client";

import { useState } from "react";
import Link from "next/link";
import { CheckCircle2, CircleSlash, XCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Spinner } from "@/components/ui/spinner";
import { recordSurveyEndAction } from "@/lib/engagements/actions/surveys";
import type { SurveyEndResult } from "@/lib/engagements/surveys";
import type { SurveyEnd } from "@/lib/engagements/survey-links";
import { ALREADY_RECORDED, CONFIRM, OUTCOME } from "./outcomes";

const DASHBOARD = "/dashboard?tab=opportunities";

/** The answer on a place, calm whether it was recorded now or before (a reload, a second tab). */
export function SurveyOutcome({ state, already }: { state: SurveyEndResult["state"]; already: boolean }) {
  const outcome = OUTCOME[state];
  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold" data-testid="survey-outcome-title">
        {already ? ALREADY_RECORDED : outcome.title}
      </h2>
      <p className="flex gap-2 text-sm">
        {state === "submitted" ? (
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-success" />
        ) : (
          <CircleSlash aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        )}
        <span data-testid="survey-outcome">{outcome.text}</span>
      </p>
      <Button asChild>
        <Link href={DASHBOARD}>Back to your dashboard</Link>
      </Button>
    </div>
  );
}

/**
 * The end page's one button: opening the address records nothing (a link on any site could open
 * it); the expert's click posts the address's participant id and code, which the server accepts
 * only for the signed-in expert's own place.
 */
export function SurveyEndConfirm({
  projectId,
  end,
  code,
  pid,
  recorded,
}: {
  projectId: string;
  end: SurveyEnd;
  code: string;
  pid: string;
  /** The answer already on the place when the page was rendered: the action's refresh renders it too, after this one's own. */
  recorded: SurveyEndResult["state"] | null;
}) {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<SurveyEndResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Before the script runs, a click would submit the bare form to this page without its address
  // and land on "incomplete": the button waits until it can post the participant id and code.
  const hydrated = useHydrated();
  const words = CONFIRM[end];

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    const res = await recordSurveyEndAction({ projectId, end, code, pid });
    setPending(false);
    if (res.ok) setResult(res.data);
    else setProblem(res.message);
  }

  if (result) return <SurveyOutcome state={result.state} already={result.already} />;
  if (recorded) return <SurveyOutcome state={recorded} already />;
  return (
    <form onSubmit={submit} className="grid gap-4">
      <h2 className="text-lg font-semibold">{words.title}</h2>
      <p className="text-sm">{words.text}</p>
      {problem ? (
        <Alert variant="destructive" role="alert">
          <XCircle aria-hidden="true" className="size-4" />
          <AlertTitle>Not recorded</AlertTitle>
          <AlertDescription data-testid="survey-problem">{problem}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending || !hydrated} aria-busy={pending}>
          {pending ? <Spinner label="Recording…" /> : null}
          {words.button}
        </Button>
        <Button asChild variant="outline">
          <Link href={DASHBOARD}>Go to your dashboard</Link>
        </Button>
      </div>
    </form>
  );
}
