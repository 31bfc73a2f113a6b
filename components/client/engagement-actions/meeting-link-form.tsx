"use client";

import { useId, useState } from "react";
import { Link2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { meetingUrlField } from "@/lib/engagements/schemas/engagements";
import { useActionRunner as useRunner, type ActionResult } from "@/components/ui/use-action-runner";

/** A meeting link field with Save: an engagement's own, or a focus-group session's for every seat. */
export function MeetingLinkForm({
  current,
  save,
}: {
  current: string | null;
  save: (meetingUrl: string) => Promise<ActionResult<unknown>>;
}) {
  const { pending, run } = useRunner();
  const [url, setUrl] = useState(current ?? "");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  return (
    <form
      className="grid w-full gap-1"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = meetingUrlField.safeParse(url.trim());
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? "Enter an https:// meeting link");
          return;
        }
        setError(null);
        run(
          () => save(parsed.data),
          "Meeting link saved",
          (_ok, result) => {
            if (!result.ok) setError(result.fieldErrors?.meetingUrl?.[0] ?? null);
          },
          ["meetingUrl"],
        );
      }}
    >
      <Label htmlFor={inputId}>Meeting link</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          maxLength={500}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit" size="sm" variant="outline" className="h-10" disabled={pending}>
          {pending ? <Spinner /> : <Link2 aria-hidden="true" />} Save link
        </Button>
      </div>
      <FieldError id={`${inputId}-error`}>{error}</FieldError>
    </form>
  );
}
