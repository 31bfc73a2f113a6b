"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import type { ActionResult } from "@/lib/accounts/action";

type Texts = { success: string; successDescription?: string; failure: string };

/**
 * Runs one engagement action from a button: pending while it runs and until the refreshed board
 * arrives (so a second click cannot land on a stale card), a success toast, or a failure toast
 * with the server's own message ("That time slot was just taken.", "This engagement is
 * cancelled, so it cannot be changed that way.").
 */
export function useEngagementAction() {
  const router = useRouter();
  const [running, setRunning] = useState(false);
  const [refreshing, startTransition] = useTransition();

  async function run<T>(call: () => Promise<ActionResult<T>>, texts: Texts): Promise<boolean> {
    setRunning(true);
    try {
      const res = await call();
      if (!res.ok) {
        toast.error(texts.failure, { description: res.message });
        return false;
      }
      toast.success(texts.success, texts.successDescription ? { description: texts.successDescription } : undefined);
      startTransition(() => router.refresh());
      return true;
    } catch {
      // The request itself failed (offline, server restarting): nothing was said by the server.
      toast.error(texts.failure, { description: "We could not reach the server. Please try again." });
      return false;
    } finally {
      setRunning(false);
    }
  }

  return { run, pending: running || refreshing };
}
