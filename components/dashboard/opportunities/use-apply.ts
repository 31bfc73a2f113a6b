"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { applyAction } from "@/lib/engagements/actions/expert-dashboard";
import { SCREENED_OUT_MESSAGE } from "@/lib/engagements/states";
import type { ScreenerAnswers } from "@/lib/engagements/screener";

export type ApplyOutcome = { kind: "applied" } | { kind: "screened_out" } | { kind: "failed"; answersError: string | null };

/** The fixed words for a failed application; nothing is appended to them. */
const failed = () => toast.error("Application Failed", { description: "Failed to submit application. Please try again." });

/**
 * Apply with or without screener answers. A qualifying application gets the
 * 'Application Submitted' toast; a screened-out one gets the server's polite message (never which answer decided it)
 * instead. Either way the board is refreshed: 'Application Pending', or the card is gone. The
 * message is a toast, not text in the dialog, because the action's revalidation redraws the
 * board at once and takes the card (and its dialog) away with it.
 */
export function useApply(opportunityId: string) {
  const router = useRouter();
  const [running, setRunning] = useState(false);
  const [refreshing, startTransition] = useTransition();
  const refresh = () => startTransition(() => router.refresh());

  /** `outsideActivityConfirmed`: the expert ticked the outside-activity confirmation (the application is their acceptance). */
  async function apply(
    answers: ScreenerAnswers | undefined,
    outsideActivityConfirmed: boolean,
    districtPolicyChecked?: boolean,
  ): Promise<ApplyOutcome> {
    setRunning(true);
    try {
      const res = await applyAction(
        answers
          ? { opportunityId, answers, outsideActivityConfirmed, districtPolicyChecked }
          : { opportunityId, outsideActivityConfirmed, districtPolicyChecked },
      );
      if (!res.ok) {
        failed();
        return { kind: "failed", answersError: res.fieldErrors?.answers?.[0] ?? null };
      }
      if (res.data.state === "screened_out") {
        toast(res.data.message ?? SCREENED_OUT_MESSAGE);
        refresh();
        return { kind: "screened_out" };
      }
      // A full cell of the study's sample plan: the application waits, and the expert reads why.
      if (res.data.message) toast("Waitlisted", { description: res.data.message });
      // A survey takes a qualified applicant at once: the next step is theirs.
      else if (res.data.state === "accepted")
        toast.success("You're In", { description: "Start the survey from its card, here under Open, whenever suits you." });
      else toast.success("Application Submitted", { description: "Your application has been submitted successfully!" });
      refresh();
      return { kind: "applied" };
    } catch {
      failed();
      return { kind: "failed", answersError: null };
    } finally {
      setRunning(false);
    }
  }

  return { apply, pending: running || refreshing };
}
