import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { lastInvariantRun } from "@/lib/money/invariant-runs";
import { INVARIANT_NAMES, INVARIANTS } from "@/lib/money/invariants";
import { formatDateTime } from "@/lib/platform/format";
import { Badge } from "@/components/ui/badge";
import { RunMoneyChecksButton } from "@/components/admin/run-money-checks-button";

export const metadata: Metadata = {
  title: "Money checks",
  description: "The ledger's invariants: the last check and its breaches.",
  robots: { index: false },
};

export default async function AdminMoneyChecksPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/money");
  const zone = await adminZone();
  const run = await lastInvariantRun(actor);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Money checks</h1>
          <p className="max-w-3xl text-sm text-muted-foreground">
            Every night at 02:30 UTC the ledger is checked against the reservations and the engagements, and every admin is e-mailed if
            anything does not add up. A check changes nothing: each breach says where to look.
          </p>
        </div>
        <RunMoneyChecksButton />
      </div>
      {!run ? (
        <p className="rounded-lg border p-6 text-sm text-muted-foreground">
          No check has run yet. Run the checks now, or wait for tonight&apos;s.
        </p>
      ) : (
        <>
          <p className="text-sm" data-testid="money-check-run">
            Last checked {formatDateTime(run.startedAt, zone)} ({run.trigger === "nightly" ? "the nightly check" : "run by an admin"}):{" "}
            <strong>
              {run.breachCount === 0 ? "everything adds up." : `${run.breachCount} ${run.breachCount === 1 ? "breach" : "breaches"}.`}
            </strong>
          </p>
          <ul className="grid gap-4">
            {INVARIANT_NAMES.map((name) => {
              const breaches = run.breaches.filter((b) => b.check === name);
              const count = run.counts[name] ?? breaches.length;
              return (
                <li key={name} className="grid gap-2 rounded-lg border bg-card p-4 text-sm shadow-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-base font-semibold">{INVARIANTS[name].title}</h2>
                    {count === 0 ? (
                      <Badge variant="success">Holds</Badge>
                    ) : (
                      <Badge variant="destructive">
                        {count} {count === 1 ? "breach" : "breaches"}
                      </Badge>
                    )}
                  </div>
                  <p className="text-muted-foreground">{INVARIANTS[name].promise}</p>
                  {breaches.length > 0 && (
                    <ul className="grid list-disc gap-1 pl-5">
                      {breaches.map((b, i) => (
                        <li key={i}>{b.message}</li>
                      ))}
                    </ul>
                  )}
                  {count > breaches.length && (
                    <p className="text-muted-foreground">And {count - breaches.length} more not kept with this run.</p>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
