"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { uploadApprovalLetterAction } from "@/lib/projects/actions/district-letters";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { usePdfUpload, type PdfUploadField } from "@/components/ui/use-pdf-upload";

/** Upload the district's signed approval letter (PDF) with the last day it states: it counts once we have checked it. */
export function LetterUpload({ approvalId, district }: { approvalId: string; district: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { form, submit, error, clearError, pending, hydrated } = usePdfUpload({
    missingFile: "Choose the signed letter as a PDF file.",
    missingExpiry: "Enter the last day the letter approves the study.",
    send: uploadApprovalLetterAction,
    onSent: () => {
      toast.success("Letter uploaded", { description: "It counts as the district's approval once we have checked it." });
      setOpen(false);
    },
  });

  const describedBy = (f: PdfUploadField) => (error?.field === f ? `${id}-${f}-error` : undefined);
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="justify-self-start"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Upload a signed approval letter
      </Button>
      {open ? (
        <form
          ref={form}
          onSubmit={(e) => void submit(e)}
          className="grid gap-2 rounded-md bg-muted/40 p-3"
          noValidate
          aria-label={`Upload ${district}'s approval letter`}
        >
          <input type="hidden" name="approvalId" value={approvalId} />
          <p className="text-sm">
            Did {district} approve the study outside K12 Experts? Upload its signed letter: it counts as the district&apos;s approval once
            we have checked it, until the last day it states.
          </p>
          <Label htmlFor={`${id}-file`}>Signed letter (PDF, up to 10 MB)</Label>
          <Input
            id={`${id}-file`}
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            aria-invalid={error?.field === "file"}
            aria-describedby={describedBy("file")}
            onChange={clearError}
          />
          <FieldError id={`${id}-file-error`}>{error?.field === "file" ? error.message : null}</FieldError>
          <Label htmlFor={`${id}-expires`}>Approved until (the last day the letter states)</Label>
          <Input
            id={`${id}-expires`}
            name="expiresOn"
            type="date"
            className="w-fit"
            aria-invalid={error?.field === "expiresOn"}
            aria-describedby={describedBy("expiresOn")}
          />
          <FieldError id={`${id}-expiresOn-error`}>{error?.field === "expiresOn" ? error.message : null}</FieldError>
          <Button type="submit" size="sm" disabled={pending || !hydrated} aria-busy={pending} className="justify-self-start">
            {pending ? <Spinner label="Uploading…" /> : null}
            Upload the letter
          </Button>
        </form>
      ) : null}
    </div>
  );
}
