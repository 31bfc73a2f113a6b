"use client";

import { useEffect, useState } from "react";
import { Star } from "lucide-react";
import { useSessionInfo } from "@/components/session/session-info-provider";
import { expertRatingSummaryAction } from "@/lib/experts/actions/ratings";

type Summary = { preparation: number; insight: number; communication: number; count: number };

/**
 * Clients' ratings of this expert (averages of visible ratings), for signed-in clients and
 * admins only: fetched per viewer, never part of the cached public page.
 */
export function ExpertRatingSummary({ expertId }: { expertId: string }) {
  const { info } = useSessionInfo();
  const mayRead = Boolean(info?.signedIn && (info.roles.includes("client") || info.roles.includes("admin")) && info.role !== "expert");
  const [summary, setSummary] = useState<Summary | null>(null);
  useEffect(() => {
    if (!mayRead) return;
    let live = true;
    void expertRatingSummaryAction({ expertId }).then((r) => {
      if (live && r.ok) setSummary(r.data);
    });
    return () => {
      live = false;
    };
  }, [mayRead, expertId]);
  if (!mayRead || !summary) return null;
  return (
    <section
      aria-labelledby="client-ratings-heading"
      className="rounded-xl border bg-card p-6 text-sm shadow-sm"
      data-testid="expert-rating-summary"
    >
      <h2 id="client-ratings-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Star aria-hidden="true" className="size-4 text-primary" /> Client ratings
      </h2>
      {summary.count === 0 ? (
        <p className="mt-2 text-muted-foreground">No ratings from clients yet.</p>
      ) : (
        <dl className="mt-2 grid gap-1">
          <div className="flex justify-between">
            <dt>Preparation</dt>
            <dd className="font-medium">{summary.preparation.toFixed(1)}/5</dd>
          </div>
          <div className="flex justify-between">
            <dt>Insight</dt>
            <dd className="font-medium">{summary.insight.toFixed(1)}/5</dd>
          </div>
          <div className="flex justify-between">
            <dt>Communication</dt>
            <dd className="font-medium">{summary.communication.toFixed(1)}/5</dd>
          </div>
          <div className="flex justify-between text-muted-foreground">
            <dt>Ratings</dt>
            <dd>{summary.count}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
