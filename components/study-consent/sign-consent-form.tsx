"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { signStudyConsentAction } from "@/lib/engagements/actions/consent";
import { TYPED_NAME_MAX } from "@/lib/engagements/schemas/consent";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";

/**
 * "I agree": the expert types their full name (as on their account) to sign the version they
 * read. A mismatch, or a newer version uploaded meanwhile, is said under the field.
 */
export function SignConsentForm({ projectId, documentId, next }: { projectId: string; documentId: string; next: string }) {
  const router = useRouter();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [navigating, startTransition] = useTransition();
  const pending = running || navigating;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError("Type your full name to sign.");
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setRunning(true);
    try {
      const res = await signStudyConsentAction({ projectId, documentId, typedName: name });
      if (!res.ok) {
        setError(res.fieldErrors?.typedName?.[0] ?? res.fieldErrors?.documentId?.[0] ?? res.message);
        document.getElementById(`${id}-name`)?.focus();
        if (res.fieldErrors?.documentId) startTransition(() => router.refresh());
        return;
      }
      toast.success("Consent Signed", { description: "A copy is on its way to your e-mail." });
      startTransition(() => router.push(next));
    } catch {
      setError("We could not reach the server. Please try again.");
    } finally {
      setRunning(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Type your full name to sign</Label>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          autoComplete="name"
          maxLength={TYPED_NAME_MAX}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
      <Button type="submit" disabled={pending} aria-busy={pending} className="w-full sm:w-fit">
        {pending ? <Spinner label="Signing…" /> : null}I agree and sign
      </Button>
    </form>
  );
}
