"use client";

import { useState } from "react";
import { Eye } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/** Starts viewing the product as this user, then opens their home page with the banner showing. */
export function ImpersonateButton({ userId, email, disabledReason }: { userId: string; email: string; disabledReason?: string }) {
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      const res = await fetch("/api/admin-impersonate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userId }),
      });
      const body = (await res.json().catch(() => ({}))) as { success?: boolean; data?: { home?: string }; error?: string };
      if (!res.ok || !body.success) throw new Error(body.error);
      // A full load, so every server component and the banner read the new cookie.
      window.location.assign(body.data?.home ?? "/");
    } catch (e) {
      toast.error("Failed to impersonate user", { description: e instanceof Error && e.message ? e.message : undefined });
      setBusy(false);
    }
  }

  if (disabledReason) {
    return (
      <Button size="sm" variant="outline" disabled title={disabledReason} aria-label={`Impersonate ${email} (${disabledReason})`}>
        <Eye aria-hidden /> Impersonate
      </Button>
    );
  }
  return (
    <Button size="sm" variant="outline" onClick={start} disabled={busy} aria-busy={busy} aria-label={`Impersonate ${email}`}>
      <Eye aria-hidden /> {busy ? "Starting…" : "Impersonate"}
    </Button>
  );
}
