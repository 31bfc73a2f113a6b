"use client";

import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { useHydrated } from "@/components/ui/use-hydrated";
import { districtImportAction, uploadDistrictFilesAction } from "@/lib/districts/actions/uploads";
import type { DistrictImportView } from "@/lib/districts/uploads";
import { formatDateTime } from "@/lib/platform/format";

const STATUS: Record<DistrictImportView["status"], string> = {
  queued: "Waiting to start",
  running: "Importing",
  done: "Done",
  failed: "Failed",
};
const POLL_MS = 1_000;
const inFlight = (r: DistrictImportView) => r.status === "queued" || r.status === "running";

/**
 * Upload the public district files and follow each run: a run in flight is asked about every
 * second until it is done or failed, then shows its counts (or why it failed). `children` go
 * under the runs (the server's page links).
 */
export function DistrictImports({
  initialRuns,
  zone,
  children,
}: {
  initialRuns: DistrictImportView[];
  zone: string;
  children?: React.ReactNode;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [runs, setRuns] = useState(initialRuns);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A file input submitted by the browser's own GET (a click before hydration) uploads nothing.
  const hydrated = useHydrated();

  const waiting = runs.filter(inFlight).map((r) => r.id);
  const waitingKey = waiting.join(",");
  useEffect(() => {
    if (!waitingKey) return;
    const timer = setInterval(() => {
      for (const runId of waitingKey.split(",")) {
        void districtImportAction({ id: runId }).then((res) => {
          if (res.ok) setRuns((all) => all.map((r) => (r.id === runId ? res.data : r)));
        });
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waitingKey]);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSending(true);
    const res = await uploadDistrictFilesAction(new FormData(e.currentTarget));
    setSending(false);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    setError(null);
    form.current?.reset();
    toast.success("Files uploaded", { description: "The import runs in the background; its progress shows below." });
    const run = await districtImportAction({ id: res.data.id });
    if (run.ok) setRuns((all) => [run.data, ...all.filter((r) => r.id !== run.data.id)]);
  }

  return (
    <div className="space-y-6">
      <form ref={form} noValidate onSubmit={submit} className="space-y-3 rounded-lg border bg-card p-4" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Upload the public files
        </h2>
        <p className="text-sm text-muted-foreground">
          The CCD LEA directory and membership files, the EDGE public LEA geocode file and the SAIPE school district file, with their
          published names, up to 10 MB together. The national membership file is larger: import it with{" "}
          <code>npm run districts:import</code>.
        </p>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-files`}>District files</Label>
          <Input
            id={`${id}-files`}
            name="files"
            type="file"
            multiple
            accept=".csv,.txt,.tab"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
        </div>
        <Button type="submit" disabled={sending || !hydrated} aria-busy={sending}>
          {sending ? "Uploading…" : "Upload and import"}
        </Button>
      </form>

      <section aria-labelledby={`${id}-runs`} className="space-y-3">
        <h2 id={`${id}-runs`} className="text-xl font-semibold">
          Imports
        </h2>
        {runs.length === 0 ? (
          <p className="rounded-lg border p-6 text-sm text-muted-foreground">No imports yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="District imports">
            {runs.map((r) => (
              <li key={r.id} className="space-y-2 rounded-lg border bg-card p-4 text-sm shadow-sm" data-testid="district-import">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-semibold" data-testid="district-import-status">
                    {STATUS[r.status]}
                  </span>
                  <span className="text-muted-foreground">{formatDateTime(r.createdAt, zone)}</span>
                </p>
                {inFlight(r) && (
                  <Progress
                    label={`Import of ${r.files.map((f) => f.file).join(", ")}`}
                    value={r.progress}
                    data-testid="district-import-progress"
                  />
                )}
                {r.status === "failed" && (
                  <p role="alert" className="text-destructive">
                    {r.error}
                  </p>
                )}
                {r.status === "done" && (
                  <p data-testid="district-import-counts">
                    {r.added} added · {r.changed} changed · {r.closed} closed · {r.unmatched} unmatched
                  </p>
                )}
                <ul className="text-muted-foreground" aria-label="Files">
                  {r.files.map((f) => (
                    <li key={f.file}>
                      {f.file}
                      {f.kind ? ` (${f.kind}, ${f.schoolYear})` : ""}
                      {f.added !== undefined
                        ? `: ${f.added} added, ${f.changed} changed, ${f.closed} closed, ${f.unmatched} unmatched`
                        : ""}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
        {children}
      </section>
    </div>
  );
}
