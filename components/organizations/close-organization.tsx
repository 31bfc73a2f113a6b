"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { closeOrganizationAction } from "@/lib/projects/actions/organization-closing";

/** Owners only: closing cannot be undone, so the name is typed again. */
export function CloseOrganization({ name }: { name: string }) {
  const { pending, run } = useActionRunner();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setTyped("");
          setError(null);
        }
        setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive">Close organization</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Close {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Its open and paused projects close (experts still waiting are told), pending invitations stop working, and nobody can join or
            start new work in it. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={id}>Type the organization&apos;s name to confirm</Label>
          <Input
            id={id}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it open</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={pending}
            onClick={(e) => {
              e.preventDefault();
              setError(null);
              run(
                () => closeOrganizationAction({ confirmName: typed }),
                "The organization is closed",
                (ok, result) => {
                  if (ok) setOpen(false);
                  else if (!result.ok) setError(result.fieldErrors?.confirmName?.[0] ?? null);
                },
                ["confirmName"],
              );
            }}
          >
            {pending && <Spinner />} Close organization
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
