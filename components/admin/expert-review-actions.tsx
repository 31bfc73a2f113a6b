"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { ActionResult } from "@/lib/accounts/action";

type Status = "pending" | "verified" | "rejected";
const STATUSES: { value: Status; label: string; variant: "outline" | "default" | "destructive" }[] = [
  { value: "pending", label: "Set Pending", variant: "outline" },
  { value: "verified", label: "Verify", variant: "default" },
  { value: "rejected", label: "Reject", variant: "destructive" },
];

type Props = {
  expertId: string;
  /** Named in the rejection question. */
  expertName: string;
  status: Status;
  linkedinVerified: boolean;
  setStatus: (input: { expertId: string; status: Status }) => Promise<ActionResult<{ id: string; verificationStatus: Status }>>;
  setLinkedin: (input: { expertId: string; verified: boolean }) => Promise<ActionResult<{ id: string; linkedinVerified: boolean }>>;
};

/** Verification buttons (the current one disabled) and the LinkedIn verified toggle. */
export function ExpertReviewActions({ expertId, expertName, status, linkedinVerified, setStatus, setLinkedin }: Props) {
  const router = useRouter();
  const [current, setCurrent] = useState(status);
  const [linkedin, setLinkedinState] = useState(linkedinVerified);
  const [busy, setBusy] = useState<null | Status | "linkedin">(null);
  const [, startTransition] = useTransition();

  async function changeStatus(next: Status) {
    setBusy(next);
    const result = await setStatus({ expertId, status: next }).catch(() => null);
    setBusy(null);
    if (result?.ok) {
      setCurrent(next);
      toast.success(`verification status updated to ${next}`);
      startTransition(() => router.refresh());
    } else {
      toast.error("Failed to update verification status", { description: result && !result.ok ? result.message : undefined });
    }
  }

  async function toggleLinkedin(next: boolean) {
    setBusy("linkedin");
    const result = await setLinkedin({ expertId, verified: next }).catch(() => null);
    setBusy(null);
    if (result?.ok) {
      setLinkedinState(next);
      toast.success(`LinkedIn verification ${next ? "enabled" : "disabled"}`);
      startTransition(() => router.refresh());
    } else {
      toast.error("Failed to update LinkedIn verification", { description: result && !result.ok ? result.message : undefined });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Actions</CardTitle>
        <CardDescription>
          Only verified experts with a public profile appear in client search and on the public profile page.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div>
          <p className="mb-2 text-sm font-medium" id="status-label">
            Verification status: <span data-testid="current-status">{current}</span>
          </p>
          <div className="flex flex-wrap gap-2" role="group" aria-labelledby="status-label">
            {STATUSES.map((s) => {
              const button = (
                <Button
                  key={s.value}
                  variant={s.variant}
                  disabled={current === s.value || busy !== null}
                  aria-busy={busy === s.value}
                  onClick={s.value === "rejected" ? undefined : () => changeStatus(s.value)}
                >
                  {busy === s.value ? "Saving…" : s.label}
                </Button>
              );
              // Rejecting takes the expert out of client search and off their public profile: asked first.
              return s.value === "rejected" ? (
                <ConfirmDialog
                  key={s.value}
                  trigger={button}
                  title={`Reject ${expertName}?`}
                  description="Their profile leaves client search, the public directory and the sitemap at once. You can set them back to Pending or Verified later."
                  confirmLabel="Reject Expert"
                  destructive
                  onConfirm={() => changeStatus("rejected")}
                />
              ) : (
                button
              );
            })}
          </div>
        </div>
        <div className="flex items-center gap-3">
          <Switch id="linkedin-verified" checked={linkedin} disabled={busy !== null} onCheckedChange={toggleLinkedin} />
          <Label htmlFor="linkedin-verified">LinkedIn verified</Label>
        </div>
      </CardContent>
    </Card>
  );
}
