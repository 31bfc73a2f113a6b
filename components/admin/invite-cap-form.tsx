"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { setOpenInviteCapAction } from "@/lib/engagements/actions/admin-invites";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { LocalTime } from "@/components/settings/local-time";
import { OPEN_INVITE_CAP_MAX, OPEN_INVITE_CAP_MIN, openInviteCapSchema } from "@/lib/engagements/schemas/platform-settings";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";

/** The open-invite cap: how many invites in state "invited" one expert may hold at once. */
export function InviteCapForm({ cap, updated, zone }: { cap: number; updated: { at: string; by: string | null } | null; zone: string }) {
  const router = useRouter();
  const base = useId();
  const [value, setValue] = useState(String(cap));
  const [error, setError] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const errorId = `${base}-error`;

  function save(e: React.FormEvent) {
    e.preventDefault();
    // An empty or partial entry is not a number: let the schema say so instead of sending 0.
    const parsed = openInviteCapSchema.safeParse({ cap: value.trim() === "" ? Number.NaN : Number(value) });
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed.error).cap?.[0] ?? parsed.error.issues[0].message);
      return;
    }
    setError(null);
    startSaving(async () => {
      const res = await setOpenInviteCapAction(parsed.data);
      if (!res.ok) {
        setError(res.fieldErrors?.cap?.[0] ?? res.message);
        return;
      }
      setValue(String(res.data.cap));
      toast.success("Invite cap saved", {
        description: `Each expert may now hold ${res.data.cap} open ${res.data.cap === 1 ? "invite" : "invites"} at once.`,
      });
      router.refresh();
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Open-invite cap</CardTitle>
        <CardDescription>
          How many unanswered invites one expert may hold at once. Clients cannot invite an expert who is at the cap. Lowering it leaves
          invites already sent open.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={save} className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${base}-cap`}>Open invites per expert</Label>
            <Input
              id={`${base}-cap`}
              type="number"
              inputMode="numeric"
              min={OPEN_INVITE_CAP_MIN}
              max={OPEN_INVITE_CAP_MAX}
              step={1}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : `${base}-hint`}
              className="w-32"
            />
          </div>
          <Button type="submit" disabled={saving || value === String(cap)}>
            {saving ? <Spinner label="Saving…" /> : null}
            Save cap
          </Button>
          <FieldError id={errorId} className="basis-full">
            {error}
          </FieldError>
          <p id={`${base}-hint`} className="basis-full text-sm text-muted-foreground" data-testid="invite-cap-status">
            Currently {cap}.{" "}
            {updated ? (
              <>
                Last changed <LocalTime iso={updated.at} zone={zone} />
                {updated.by ? ` by ${updated.by}` : null}.
              </>
            ) : (
              "The default; no admin has changed it yet."
            )}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
