"use client";

import { useId, useState } from "react";
import { Check, CheckCheck, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { approveResponsesAction, rejectResponseAction } from "@/lib/engagements/actions/surveys";
import { REJECTION_REASONS, rejectResponseSchema } from "@/lib/engagements/schemas/surveys";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import { useActionRunner } from "@/components/ui/use-action-runner";

// The client's review of survey responses: approve one, approve every response in review at
// once, or reject one with a reason from the fixed list and their own words.

export function ApproveResponsesButton({ engagementIds, label }: { engagementIds: string[]; label: string }) {
  const { pending, run } = useActionRunner();
  const many = engagementIds.length > 1;
  return (
    <Button
      size="sm"
      variant={many ? "default" : "outline"}
      disabled={pending || engagementIds.length === 0}
      aria-busy={pending}
      onClick={() =>
        run(() => approveResponsesAction({ engagementIds }), many ? `${engagementIds.length} responses approved` : "Response approved")
      }
    >
      {pending ? <Spinner /> : many ? <CheckCheck aria-hidden="true" /> : <Check aria-hidden="true" />} {label}
    </Button>
  );
}

export function RejectResponseDialog({
  engagementId,
  expertName,
  participantId,
}: {
  engagementId: string;
  expertName: string;
  participantId: string | null;
}) {
  const { pending, run } = useActionRunner();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [details, setDetails] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const id = useId();
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setReason("");
          setDetails("");
          setErrors({});
        }
        setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" className="text-destructive" aria-label={`Reject the response of ${expertName}`}>
          <X aria-hidden="true" /> Reject
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reject the response of {expertName}?</AlertDialogTitle>
          <AlertDialogDescription>
            {participantId ? `Participant id ${participantId} in your survey tool. ` : null}Its pay is held while our team reviews your
            reason; the expert reads it and may answer. Anything you do not reject is approved when the review window ends.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <NativeSelect
              id={`${id}-reason`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            >
              <option value="">Choose…</option>
              {Object.entries(REJECTION_REASONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={`${id}-reason-error`}>{errors.reason?.[0]}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-details`}>What was wrong (the expert and our team read it)</Label>
            <Textarea
              id={`${id}-details`}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              maxLength={1000}
              aria-invalid={errors.details ? true : undefined}
              aria-describedby={errors.details ? `${id}-details-error` : undefined}
            />
            <FieldError id={`${id}-details-error`}>{errors.details?.[0]}</FieldError>
          </div>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={pending}
            aria-busy={pending}
            onClick={() => {
              const parsed = rejectResponseSchema.safeParse({ engagementId, reason, details });
              if (!parsed.success) {
                setErrors(fieldErrorsOf(parsed.error));
                return;
              }
              run(
                () => rejectResponseAction(parsed.data),
                "Response rejected",
                (ok, result) => {
                  if (ok) setOpen(false);
                  else if (!result.ok && result.fieldErrors) setErrors(result.fieldErrors);
                },
                ["reason", "details"],
              );
            }}
          >
            {pending && <Spinner />} Reject response
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
