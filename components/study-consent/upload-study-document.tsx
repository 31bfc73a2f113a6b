"use client";

import { useId, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { uploadStudyDocumentAction } from "@/lib/engagements/actions/consent";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/components/ui/use-hydrated";

const MAX_BYTES = 10 * 1024 * 1024;

/** Upload a new version of the consent form (PDF, up to 10 MB) or the IRB approval letter with its expiry. */
export function UploadStudyDocument({ projectId, hasConsent }: { projectId: string; hasConsent: boolean }) {
  const router = useRouter();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const [kind, setKind] = useState<"consent" | "irb_approval">("consent");
  const [error, setError] = useState<{ field: "file" | "expiresOn"; message: string } | null>(null);
  const [running, setRunning] = useState(false);
  const [refreshing, startTransition] = useTransition();
  const pending = running || refreshing;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) return setError({ field: "file", message: "Choose a PDF file to upload." });
    if (file.size > MAX_BYTES) return setError({ field: "file", message: "The file is larger than 10 MB. Upload a smaller PDF." });
    if (kind === "irb_approval" && !data.get("expiresOn"))
      return setError({ field: "expiresOn", message: "Enter the date the IRB approval expires." });
    setRunning(true);
    try {
      const res = await uploadStudyDocumentAction(data);
      if (!res.ok) {
        setError({ field: res.fieldErrors?.expiresOn ? "expiresOn" : "file", message: res.message });
        return;
      }
      toast.success("Document Uploaded", { description: `Version ${res.data.version} is now the one experts read.` });
      form.current?.reset();
      setError(null);
      startTransition(() => router.refresh());
    } catch {
      setError({ field: "file", message: "We could not reach the server. Please try again." });
    } finally {
      setRunning(false);
    }
  }

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
          onChange={() => setError(null)}
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
