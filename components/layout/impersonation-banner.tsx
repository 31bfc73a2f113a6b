"use client";

import { useState } from "react";
import { Eye } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { useSessionInfo } from "@/components/session/session-info-provider";
import { stopImpersonation } from "@/components/session/stop-impersonation";

/** Shown on every page while an admin views the product as someone else. */
export function ImpersonationBanner() {
  const { info } = useSessionInfo();
  const [stopping, setStopping] = useState(false);
  if (!info?.signedIn || !info.impersonating) return null;

  async function stop() {
    setStopping(true);
    if (!(await stopImpersonation())) setStopping(false);
  }

  return (
    <div role="region" aria-label="Impersonation" className="border-b border-warning-line bg-warning-soft text-warning-soft-foreground">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6">
        <p className="min-w-0 break-words">
          <Eye aria-hidden className="mr-2 inline size-4 align-[-2px]" />
          Viewing as <strong className="break-all">{info.email}</strong> ({info.role}) — signed in as{" "}
          <span className="break-all">{info.realEmail}</span>
        </p>
        <button type="button" className={buttonVariants({ size: "sm", variant: "outline" })} onClick={stop} disabled={stopping}>
          {stopping ? "Stopping…" : "Stop Impersonating"}
        </button>
      </div>
    </div>
  );
}
