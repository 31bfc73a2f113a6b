"use client";

import { useId, useState } from "react";
import { enterSurveyCodeAction } from "@/lib/engagements/actions/surveys";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { useEngagementAction } from "@/components/engagements/use-engagement-action";
import { named } from "@/components/dashboard/opportunities/named";

const OUTCOME_TOAST = {
  submitted: { success: "Response Submitted", successDescription: "It is in the client's review; its pay follows." },
  screened_out: { success: "Code Recorded", successDescription: "The survey screened you out: any screen-out pay is on its way." },
  over_quota: { success: "Code Recorded", successDescription: "The survey was full: any over-quota pay is on its way." },
} as const;

/**
 * The code from the survey's last page, typed by hand when the survey did not bring the expert
 * back by itself. A wrong code keeps the dialog open with the server's words under the field.
 */
export function SurveyCodeDialog({ engagementId, title }: { engagementId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { run } = useEngagementAction();
  const id = useId();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!code.trim()) {
      setError("Enter the code from the survey's last page");
      return;
    }
    setPending(true);
    const res = await enterSurveyCodeAction({ engagementId, code });
    setPending(false);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    const words = OUTCOME_TOAST[res.data.state];
    await run(async () => res, { ...words, failure: "Code Not Recorded" });
    setOpen(false);
    setCode("");
    setError(null);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={named("Enter completion code", title)}>
          Enter completion code
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Enter your completion code</DialogTitle>
            <DialogDescription>The last page of “{title}” shows a code. Type it here to record your response.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-code`}>Completion code</Label>
            <Input
              id={`${id}-code`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={64}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-code-error` : undefined}
            />
            <FieldError id={`${id}-code-error`}>{error}</FieldError>
          </div>
          <DialogFooter>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending ? <Spinner label="Recording…" /> : null}
              Record code
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
