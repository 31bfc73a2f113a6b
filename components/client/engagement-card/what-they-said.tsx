import type { PipelineEngagement } from "@/lib/engagements/views";

/** The client's invite message and the expert's screener answers. */
export function WhatTheySaid({ e }: { e: PipelineEngagement }) {
  return (
    <>
      {e.message && (
        <div>
          <p className="text-xs font-medium text-muted-foreground">Your invite message</p>
          <blockquote className="border-l-2 pl-2 whitespace-pre-line">{e.message}</blockquote>
        </div>
      )}
      {e.answers.length > 0 && (
        <div>
          <p className="text-xs font-medium text-muted-foreground">Screener answers</p>
          <dl className="grid gap-1">
            {e.answers.map((a, i) => (
              <div key={i}>
                <dt className="font-medium">{a.question}</dt>
                <dd>{a.answers.length ? a.answers.join(", ") : "No answer"}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </>
  );
}
