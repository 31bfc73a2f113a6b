"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/accounts/action";

type Confirmed = { schoolYearLabel: string; review: string | null };
type Props = { token: string; action: (input: { token: string }) => Promise<ActionResult<Confirmed>> };

/** The confirmation page's one button, then its outcome: verified for the school year, confirmed with its domain awaiting review, or expired/used. */
export function ConfirmWorkEmailForm({ token, action }: Props) {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ActionResult<Confirmed> | null>(null);

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    setResult(await action({ token }));
    setPending(false);
  }

  if (result?.ok) {
    return (
      <div className="space-y-4">
        {result.data.review ? (
          <Alert role="status">
            <AlertTitle>E-mail confirmed: domain awaiting review</AlertTitle>
            <AlertDescription>{result.data.review}</AlertDescription>
          </Alert>
        ) : (
          <Alert role="status">
            <AlertTitle>School e-mail verified</AlertTitle>
            <AlertDescription>
              Your profile now shows “School e-mail verified ({result.data.schoolYearLabel})” to research clients.
            </AlertDescription>
          </Alert>
        )}
        <Button asChild className="w-full">
          <Link href="/dashboard?tab=settings">Go to your settings</Link>
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={confirm} className="space-y-4">
      {result && !result.ok ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Link not valid</AlertTitle>
          <AlertDescription>{result.message}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? "Confirming…" : "Confirm my school e-mail"}
      </Button>
    </form>
  );
}
