import { ChevronRight } from "lucide-react";
import { env } from "@/lib/platform/env";
import { formatMoney } from "@/lib/platform/format";
import { CODE_PARAMETER, CODE_PLACEHOLDER, PARTICIPANT_PLACEHOLDER, surveyEndUrl, type SurveyEnd } from "@/lib/engagements/survey-links";
import type { SurveyProgress } from "@/lib/engagements/surveys";
import { callbackUrl } from "@/lib/engagements/survey-callback";
import { SurveyCallbackControl } from "@/components/client/survey-callback-control";
import { CopyButton } from "@/components/ui/copy-button";

const ENDS: { end: SurveyEnd; label: string; help: string }[] = [
  {
    end: "complete",
    label: "Completion address",
    help: `Set it as your survey's end redirect, with the participant id and completion code your tool received in place of ${PARTICIPANT_PLACEHOLDER} and ${CODE_PLACEHOLDER}. Each person's code is their own: a code passed on to someone else is refused.`,
  },
  { end: "screened-out", label: "Screen-out address", help: "Where your survey sends people its own screener turns away." },
  { end: "over-quota", label: "Over-quota address", help: "Where your survey sends people once a quota in it is full." },
];

/**
 * What the client sets up in their survey tool, and how the survey is going: the three end
 * addresses (the completion address with each participant's own code piped back, the others
 * with the survey's code for that end), the pay at each end, places left, starts and the median
 * time to complete. A server component: the addresses are plain read-only fields, each with a
 * Copy button (a small client island).
 */
export function SurveySetup({
  projectId,
  survey,
  progress,
  readOnly = false,
}: {
  projectId: string;
  survey: {
    url: string | null;
    screenOutCents: number;
    overQuotaCents: number;
    codes: Record<SurveyEnd, string> | null;
    callbackOn: boolean;
  };
  progress: SurveyProgress | null;
  /** Without the settings a read-only role cannot change. */
  readOnly?: boolean;
}) {
  const app = env().APP_URL;
  return (
    <section aria-labelledby="survey-setup-heading" className="mt-6 grid gap-4 rounded-lg border p-4" data-testid="survey-setup">
      <h2 id="survey-setup-heading" className="text-lg font-semibold">
        Survey
      </h2>
      {progress && (
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="survey-progress">
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Places left</dt>
            <dd className="font-medium">{progress.placesLeft}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Started</dt>
            <dd className="font-medium">{progress.started}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Median time to complete</dt>
            <dd className="font-medium" data-testid="survey-median">
              {progress.medianMinutes === null ? "No responses yet" : `${progress.medianMinutes} min`}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Screen-out pay</dt>
            <dd className="font-medium">{formatMoney(survey.screenOutCents)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Over-quota pay</dt>
            <dd className="font-medium">{formatMoney(survey.overQuotaCents)}</dd>
          </div>
        </dl>
      )}
      <p className="text-sm break-all">
        <span className="text-muted-foreground">Survey link: </span>
        {survey.url ?? "Not set"}
      </p>
      {survey.codes ? (
        // Open until the first expert starts: by then the survey tool is set up, and the addresses
        // fold away under one line instead of pushing the page down on every visit.
        <details className="group rounded-md border p-3" open={!progress?.started} data-testid="survey-setup-addresses">
          <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
            <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
            Addresses for your survey tool
          </summary>
          <div className="mt-3 grid gap-3">
            <div className="grid gap-1 text-sm text-muted-foreground" data-testid="survey-instructions">
              <p>
                Each expert opens your survey link with their participant id, and their own completion code, in it: put{" "}
                <span className="font-mono">{CODE_PLACEHOLDER}</span> in your link (for example{" "}
                <span className="font-mono">&amp;code={CODE_PLACEHOLDER}</span>) and keep it as a hidden field, or read it from the{" "}
                <span className="font-mono">{CODE_PARAMETER}</span> parameter we add when the link has no place for it.
              </p>
              <p>
                Put the addresses below in your survey tool, replacing <span className="font-mono">{PARTICIPANT_PLACEHOLDER}</span> (and on
                the completion address <span className="font-mono">{CODE_PLACEHOLDER}</span>) with your tool&apos;s fields for the values it
                received. Experts confirm their response on the page they land on; one who comes back without the address types the code on
                their dashboard. Show the completion code on your survey&apos;s last page too.
              </p>
              <p>
                The participant id is the one name for each person here: it is on each card below, a bonus list may use it, and the sample
                export lists it.
              </p>
            </div>
            {ENDS.map(({ end, label, help }) => {
              const url = end === "complete" ? surveyEndUrl(app, projectId, end) : surveyEndUrl(app, projectId, end, survey.codes![end]);
              const id = `survey-end-${end}`;
              return (
                <div key={end} className="grid gap-1">
                  <label htmlFor={id} className="text-sm font-medium">
                    {label}
                  </label>
                  <div className="flex items-center gap-2">
                    <input
                      id={id}
                      readOnly
                      value={url}
                      aria-describedby={`${id}-help`}
                      className="w-full min-w-0 rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring"
                      data-testid={id}
                    />
                    <CopyButton text={url} what={label.toLowerCase()} className="shrink-0" />
                  </div>
                  <p id={`${id}-help`} className="text-xs text-muted-foreground">
                    {help}
                    {end === "complete" ? null : (
                      <>
                        {" "}
                        Code: <span className="font-mono">{survey.codes![end]}</span>
                      </>
                    )}
                  </p>
                </div>
              );
            })}
            {!readOnly && <SurveyCallbackControl projectId={projectId} on={survey.callbackOn} url={callbackUrl(app, projectId)} />}
          </div>
        </details>
      ) : null}
    </section>
  );
}
