"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { answerDistrictRequestAction, answerReviewLinkAction } from "@/lib/projects/actions/district-approvals";

type Via = { kind: "officer"; approvalId: string } | { kind: "link"; token: string };
type Answer = "approve" | "decline" | "not_needed" | "question";

const DONE: Record<Answer, string> = {
  approve: "Approved. The researcher has been told.",
  decline: "Declined. The researcher has been told.",
  not_needed: "Marked as not needed. The researcher has been told.",
  question: "Question sent to the researcher.",
};

/** One click per answer, with an optional note (the conditions of an approval, the reason for a decline, or the question). */
export function AnswerForm({ via, title, canAsk = true }: { via: Via; title: string; canAsk?: boolean }) {
  const id = useId();
  const router = useRouter();
  const [pending, start] = useTransition();
  const [note, setNote] = useState("");
  const [until, setUntil] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function send(answer: Answer) {
    start(async () => {
      const input = { answer, note: note.trim() || undefined, expiresOn: answer === "approve" && until ? until : undefined };
      const res =
        via.kind === "officer"
          ? await answerDistrictRequestAction({ ...input, approvalId: via.approvalId })
          : await answerReviewLinkAction({ ...input, token: via.token });
      if (!res.ok) {
        setError(res.message);
        return;
      }
      setError(null);
      setDone(DONE[answer]);
      toast.success(DONE[answer]);
      router.refresh();
    });
  }

  if (done)
    return (
      <p role="status" className="text-sm font-medium">
        {done}
      </p>
    );
  return (
    <div className="grid gap-3" aria-label={`Answer: ${title}`} role="group">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-note`}>Note (optional: conditions, a reason or a question)</Label>
        <Textarea id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} rows={2} />
      </div>
      <div className="grid gap-1 sm:max-w-xs">
        <Label htmlFor={`${id}-until`}>Approved until (optional; a year if blank)</Label>
        <Input id={`${id}-until`} type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button type="button" disabled={pending} onClick={() => send("approve")}>
          Approve
        </Button>
        <Button type="button" variant="destructive" disabled={pending} onClick={() => send("decline")}>
          Decline
        </Button>
        <Button type="button" variant="outline" disabled={pending} onClick={() => send("not_needed")}>
          Not needed
        </Button>
        {canAsk ? (
          <Button type="button" variant="outline" disabled={pending || !note.trim()} onClick={() => send("question")}>
            Ask a question
          </Button>
        ) : null}
      </div>
    </div>
  );
}
