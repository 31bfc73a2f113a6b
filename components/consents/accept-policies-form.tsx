"use client";

import { useState } from "react";
import Link from "next/link";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/accounts/action";
import type { PolicyType } from "@/lib/accounts/policy-versions";

type Policy = {
  policy: PolicyType;
  title: string;
  href: string;
  version: string;
  effective: string;
  changes: string;
  acceptedVersion: string;
};
type Action = (input: { policies: PolicyType[] }) => Promise<ActionResult<{ accepted: PolicyType[] }>>;

const REQUIRED = "Accept the updated policies to continue.";

export function AcceptPoliciesForm({ policies, next, action }: { policies: Policy[]; next: string; action: Action }) {
  const [agreed, setAgreed] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!agreed) return setError(REQUIRED);
    setError(null);
    setPending(true);
    const result = await action({ policies: policies.map((p) => p.policy) });
    if (!result.ok) {
      setPending(false);
      return setMessage(result.message);
    }
    // A full load: the page they were going to is rendered again, now without the redirect here.
    window.location.assign(next);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Accept updated policies">
      <p>
        {policies.length === 1 ? "A policy you accepted has changed." : "Policies you accepted have changed."} Please review what changed
        and accept to continue.
      </p>
      {message && (
        <Alert variant="destructive">
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      )}
      {policies.map((p) => (
        <Card key={p.policy} data-testid="updated-policy">
          <CardHeader>
            <CardTitle as="h2">{p.title}</CardTitle>
            <CardDescription>
              Version {p.version} · Effective {p.effective} · You accepted version {p.acceptedVersion}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-2">
            <p>
              <span className="font-medium">What changed: </span>
              {p.changes}
            </p>
            <Link href={p.href} className="text-primary underline underline-offset-4" target="_blank">
              Read the full {p.title}
            </Link>
          </CardContent>
        </Card>
      ))}
      <div className="space-y-1.5">
        <div className="flex items-start gap-2">
          <Checkbox
            id="accept-policies"
            checked={agreed}
            onCheckedChange={(v) => setAgreed(v === true)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "accept-policies-error" : undefined}
          />
          <Label htmlFor="accept-policies" className="font-normal leading-snug">
            I have read and accept the updated {policies.length === 1 ? "policy" : "policies"}
          </Label>
        </div>
        <FieldError id="accept-policies-error">{error}</FieldError>
      </div>
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Saving…" : "Accept and Continue"}
      </Button>
    </form>
  );
}
