"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { setSurveyCallbackAction } from "@/lib/engagements/actions/surveys";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * The client turns the completion callback on, rotates its secret or turns it off. The secret is
 * shown once, right after it is made; the page never shows it again.
 */
export function SurveyCallbackControl({ projectId, on, url }: { projectId: string; on: boolean; url: string }) {
  const { pending, run } = useActionRunner();
  const [secret, setSecret] = useState<string | null>(null);
  const id = useId();
  const set = (mode: "on" | "rotate" | "off", done: string) =>
    run(async () => {
      const res = await setSurveyCallbackAction({ projectId, mode });
      if (res.ok) setSecret(res.data.secret);
      return res;
    }, done);
  return (
    <div className="grid gap-2 text-sm" data-testid="survey-callback">
      <h3 className="font-medium">Completion callback {on ? "(on)" : "(off)"}</h3>
      <p className="text-muted-foreground">
        Optional: your survey tool posts each end to <span className="font-mono break-all">{url}</span> itself, with the JSON body{" "}
        <span className="font-mono">{`{"participant_id": "…", "end": "complete"}`}</span> (or{" "}
        <span className="font-mono">screened-out</span>, <span className="font-mono">over-quota</span>), an{" "}
        <span className="font-mono">X-K12-Timestamp</span> header (Unix seconds) and an <span className="font-mono">X-K12-Signature</span>{" "}
        header: <span className="font-mono">sha256=</span> and the hex HMAC-SHA256 of the timestamp, a dot and the body, under your secret.
        Reports more than 5 minutes old are refused. While it is on, a response counts only when your tool reports it.
      </p>
      {secret ? (
        <div className="grid gap-1">
          <label htmlFor={`${id}-secret`} className="font-medium">
            Your callback secret (shown once: copy it now)
          </label>
          <div className="flex items-center gap-2">
            <input
              id={`${id}-secret`}
              readOnly
              value={secret}
              className="w-full min-w-0 rounded-md border bg-muted/40 px-3 py-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring"
              data-testid="survey-callback-secret"
            />
            <CopyButton text={secret} what="callback secret" className="shrink-0" />
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <CopyButton text={url} what="callback address" />
        {on ? (
          <>
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" disabled={pending}>
                  Rotate secret
                </Button>
              }
              title="Rotate the callback secret?"
              description="The current secret stops working at once: reports your tool signs with it are refused until you give it the new one."
              confirmLabel="Rotate secret"
              onConfirm={() => set("rotate", "Callback secret rotated")}
            />
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" disabled={pending}>
                  Turn off
                </Button>
              }
              title="Turn the completion callback off?"
              description="Experts then record their own ends again on the page your survey sends them to."
              confirmLabel="Turn off"
              onConfirm={() => set("off", "Completion callback off")}
            />
          </>
        ) : (
          <Button size="sm" variant="outline" disabled={pending} aria-busy={pending} onClick={() => set("on", "Completion callback on")}>
            Turn on completion callback
          </Button>
        )}
      </div>
    </div>
  );
}
