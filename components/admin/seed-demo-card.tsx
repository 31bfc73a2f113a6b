"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Database } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

type Stats = { clients: number; experts: number; projects: number; shortlists: number; invites: number; schedules: number };
type Outcome = { ok: true; stats: Stats } | { ok: false; description: string };

const STAT_LABELS: [keyof Stats, string][] = [
  ["clients", "Clients"],
  ["experts", "Experts"],
  ["projects", "Projects"],
  ["shortlists", "Shortlists"],
  ["invites", "Invites"],
  ["schedules", "Schedules"],
];

/** Calls POST /api/admin-seed-demo; shows the counts, or "code: message" when it fails. */
export function SeedDemoCard() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function seed() {
    setBusy(true);
    setOutcome(null);
    let body: { ok?: boolean; code?: string; message?: string; stats?: Stats | null } = {};
    try {
      const res = await fetch("/api/admin-seed-demo", { method: "POST" });
      body = await res.json().catch(() => ({}));
    } catch {
      body = {};
    }
    if (body.ok && body.stats) {
      setOutcome({ ok: true, stats: body.stats });
      toast.success("Demo data seeded successfully", {
        description: STAT_LABELS.map(([k, l]) => `${body.stats![k]} ${l.toLowerCase()}`).join(", "),
      });
      router.refresh(); // the stat cards and the expert table count again
    } else {
      const description = `${body.code || "UNKNOWN_ERROR"}: ${body.message || "Unknown error occurred"}`;
      setOutcome({ ok: false, description });
      toast.error("Failed to seed demo data", { description });
    }
    setBusy(false);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Database aria-hidden className="size-5" /> Demo Data
        </CardTitle>
        <CardDescription>
          Creates the demo accounts, 1 client, 15 experts, 1 open project, 8 shortlists, 5 invites and 3 schedules. Running it again creates
          nothing twice.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button onClick={seed} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner label="Seeding demo data" /> : <Database aria-hidden />}
          {busy ? "Seeding…" : "Seed Demo Data"}
        </Button>
        <div aria-live="polite" data-testid="seed-outcome">
          {outcome?.ok && (
            <div>
              <p className="font-medium text-success">Demo data seeded successfully</p>
              <dl className="mt-2 grid grid-cols-3 gap-2 text-sm sm:grid-cols-6">
                {STAT_LABELS.map(([key, label]) => (
                  <div key={key} className="rounded-md bg-muted p-2 text-center">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="text-lg font-semibold" data-testid={`seed-${key}`}>
                      {outcome.stats[key]}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          {outcome && !outcome.ok && (
            <div role="alert" className="text-destructive">
              <p className="font-medium">Failed to seed demo data</p>
              <p className="text-sm">{outcome.description}</p>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
