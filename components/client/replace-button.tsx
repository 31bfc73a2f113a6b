"use client";

import { UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { replaceEngagementAction } from "@/lib/engagements/actions/engagements";
import { useActionRunner } from "@/components/ui/use-action-runner";

/** One click: the next qualified applicant is accepted in place of an expert who did not attend or cancelled. */
export function ReplaceButton({ engagementId, expertName, waiting }: { engagementId: string; expertName: string; waiting: number }) {
  const { pending, run } = useActionRunner();
  return (
    <div className="grid gap-1">
      <Button
        size="sm"
        variant="outline"
        className="justify-self-start"
        disabled={pending}
        aria-busy={pending}
        aria-label={`Replace ${expertName}`}
        aria-describedby={`replace-${engagementId}-help`}
        onClick={() => run(() => replaceEngagementAction({ engagementId }), "Replacement accepted")}
      >
        {pending ? <Spinner /> : <UserPlus aria-hidden="true" />} Replace
      </Button>
      <p id={`replace-${engagementId}-help`} className="text-xs text-muted-foreground">
        {waiting > 0
          ? `Accepts the next qualified applicant (${waiting} waiting), who is told to pick a time.`
          : "No qualified applicant is waiting yet: invite experts from Find Experts."}
      </p>
    </div>
  );
}
