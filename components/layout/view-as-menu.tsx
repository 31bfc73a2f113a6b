"use client";

import { useState } from "react";
import { ChevronDown, Eye, EyeOff, GraduationCap, Building2 } from "lucide-react";
import { toast } from "sonner";
import { stopImpersonation } from "@/components/session/stop-impersonation";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { PERSONA_SWITCH_DELAY_MS } from "@/lib/accounts/constants";

type Persona = "client" | "expert";
const HOME: Record<Persona, string> = { client: "/client/dashboard", expert: "/dashboard" };

/**
 * View As (admins only): the demo client or demo expert through the sealed impersonation
 * cookie (no password sign-in as the demo account), or back to the admin's own view.
 */
export function ViewAsMenu({ impersonating }: { impersonating: boolean }) {
  const [busy, setBusy] = useState(false);

  async function viewAs(persona: Persona) {
    setBusy(true);
    try {
      const res = await fetch("/api/admin-impersonate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ persona }),
      });
      const body = (await res.json().catch(() => ({}))) as { success?: boolean; error?: string };
      if (!res.ok || !body.success) throw new Error(body.error);
      toast.success(`Switched to ${persona} demo account`);
      setTimeout(() => window.location.assign(HOME[persona]), PERSONA_SWITCH_DELAY_MS);
    } catch (e) {
      toast.error("Failed to switch persona", { description: e instanceof Error && e.message ? e.message : undefined });
      setBusy(false);
    }
  }

  async function stop() {
    setBusy(true);
    if (!(await stopImpersonation())) setBusy(false);
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy} aria-busy={busy}>
          <Eye aria-hidden /> <span className="sr-only sm:not-sr-only">View As</span> <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>View the product as</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => void viewAs("client")}>
          <Building2 aria-hidden className="size-4" /> Demo Client
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void viewAs("expert")}>
          <GraduationCap aria-hidden className="size-4" /> Demo Expert
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={!impersonating} onSelect={() => void stop()}>
          <EyeOff aria-hidden className="size-4" /> Stop Impersonation
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
