"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { CheckCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { bulkAcceptAction } from "@/lib/engagements/actions/engagements";
import type { BulkAcceptOutcome } from "@/lib/engagements/bulk-accept";

export type BulkApplicant = {
  engagementId: string;
  name: string;
  /** Why this applicant's incentive could not be reserved now, as the single Accept shows it. */
  refusal: string | null;
};

/**
 * The applicants waiting for an answer, each with a labelled checkbox, and one bar that accepts
 * the chosen ones. The server accepts each as its own single accept and reports per person; the
 * report stays on screen (and is announced) until the next selection.
 */
export function BulkAccept({ projectId, applicants }: { projectId: string; applicants: BulkApplicant[] }) {
  const router = useRouter();
  const id = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [report, setReport] = useState<BulkAcceptOutcome[] | null>(null);
  const [pending, startTransition] = useTransition();
  const all = applicants.length > 0 && applicants.every((a) => selected.has(a.engagementId));
  const some = applicants.some((a) => selected.has(a.engagementId));

  const toggle = (engagementId: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(engagementId);
      else next.delete(engagementId);
      return next;
    });

  const accept = () =>
    startTransition(async () => {
      // In the order they are listed, which is the order the pipeline shows them.
      const chosen = applicants.filter((a) => selected.has(a.engagementId)).map((a) => a.engagementId);
      const result = await bulkAcceptAction({ projectId, engagementIds: chosen });
      if (!result.ok) {
        toast.error("That did not work", { description: result.message });
        return;
      }
      const accepted = result.data.filter((o) => o.ok).length;
      const refused = result.data.length - accepted;
      setReport(result.data);
      setSelected(new Set());
      if (refused === 0) toast.success(`${accepted} accepted`);
      else toast.warning(`${accepted} accepted, ${refused} not accepted`, { description: "The reasons are listed under the applicants." });
      router.refresh();
    });

  if (applicants.length < 2 && !report) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm" data-testid="bulk-accept">
      <h4 id={`${id}-title`} className="font-semibold">
        Accept several
      </h4>
      {applicants.length > 0 && (
        <fieldset className="grid gap-2" disabled={pending}>
          <legend className="sr-only">Applicants to accept</legend>
          <div className="flex items-center gap-2 border-b pb-2">
            <Checkbox
              id={`${id}-all`}
              checked={all ? true : some ? "indeterminate" : false}
              onCheckedChange={(on) => setSelected(on === true ? new Set(applicants.map((a) => a.engagementId)) : new Set())}
            />
            <Label htmlFor={`${id}-all`}>Select all {applicants.length} applicants</Label>
          </div>
          <ul className="grid gap-2">
            {applicants.map((a) => (
              <li key={a.engagementId} className="grid gap-0.5">
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-${a.engagementId}`}
                    checked={selected.has(a.engagementId)}
                    onCheckedChange={(on) => toggle(a.engagementId, on === true)}
                    aria-describedby={a.refusal ? `${id}-${a.engagementId}-refusal` : undefined}
                  />
                  <Label htmlFor={`${id}-${a.engagementId}`} className="font-normal">
                    {a.name}
                  </Label>
                </div>
                {a.refusal && (
                  <p id={`${id}-${a.engagementId}-refusal`} className="pl-7 text-xs text-muted-foreground">
                    {a.refusal}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {applicants.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Bulk actions">
          <Button size="sm" onClick={accept} disabled={pending || selected.size === 0} data-testid="bulk-accept-button">
            {pending ? <Spinner /> : <CheckCheck aria-hidden="true" />}
            {selected.size === 0 ? "Accept selected" : `Accept ${selected.size} selected`}
          </Button>
          <span className="text-xs text-muted-foreground">Each is checked as a single Accept: budget, funds and sample cells.</span>
        </div>
      )}
      <div role="status" aria-live="polite">
        {report && (
          <ul className="grid gap-1" data-testid="bulk-accept-report" aria-label="What happened to each applicant">
            {report.map((o) => (
              <li key={o.engagementId} className={o.ok ? "text-foreground" : "text-destructive"}>
                <span className="font-medium">{o.name ?? "An unknown applicant"}</span>:{" "}
                {o.ok ? (o.already ? "already accepted" : "accepted") : `not accepted. ${o.message ?? ""}`}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
