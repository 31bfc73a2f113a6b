"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { uploadStudyDocumentAction } from "@/lib/engagements/actions/consent";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { usePdfUpload } from "@/components/ui/use-pdf-upload";

/** Upload a new version of the consent form (PDF, up to 10 MB) or the IRB approval letter with its expiry. */
export function UploadStudyDocument({ projectId, hasConsent }: { projectId: string; hasConsent: boolean }) {
  const id = useId();
  const [kind, setKind] = useState<"consent" | "irb_approval">("consent");
  const { form, submit, error, clearError, pending, hydrated } = usePdfUpload({
    missingFile: "Choose a PDF file to upload.",
    missingExpiry: kind === "irb_approval" ? "Enter the date the IRB approval expires." : null,
    send: uploadStudyDocumentAction,
    onSent: (doc) => toast.success("Document Uploaded", { description: `Version ${doc.version} is now the one experts read.` }),
  });

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} className="grid gap-3 sm:max-w-xl" noValidate aria-label="Upload a study document">
      <input type="hidden" name="projectId" value={projectId} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-kind`}>Document</Label>
        <NativeSelect id={`${id}-kind`} name="kind" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          <option value="consent">{hasConsent ? "Consent form (new version)" : "Consent form"}</option>
          <option value="irb_approval">IRB approval letter</option>
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-file`}>PDF file (up to 10 MB)</Label>
        <Input
          id={`${id}-file`}
          name="file"
          type="file"
          accept="application/pdf,.pdf"
          aria-invalid={error?.field === "file"}
          aria-describedby={error?.field === "file" ? `${id}-file-error` : undefined}
          onChange={clearError}
        />
        <FieldError id={`${id}-file-error`}>{error?.field === "file" ? error.message : null}</FieldError>
      </div>
      {kind === "irb_approval" && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-expires`}>Approval expires on</Label>
          <Input
            id={`${id}-expires`}
            name="expiresOn"
            type="date"
            className="w-fit"
            aria-invalid={error?.field === "expiresOn"}
            aria-describedby={error?.field === "expiresOn" ? `${id}-expires-error` : undefined}
          />
          <FieldError id={`${id}-expires-error`}>{error?.field === "expiresOn" ? error.message : null}</FieldError>
        </div>
      )}
      <Button type="submit" disabled={pending || !hydrated} aria-busy={pending} className="w-fit">
        {pending ? <Spinner label="Uploading…" /> : null}
        Upload
      </Button>
    </form>
  );
}
