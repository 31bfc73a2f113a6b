import Link from "next/link";
import { Download } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { SamplePlanView } from "@/lib/samples/plans";
import { SamplePlanForm } from "@/components/client/sample-plan-form";

/**
 * The pipeline's sample plan: target, accepted, completed and waitlisted per cell. A cell still
 * wanting people is highlighted and says "Open" in words; a full one says "Full".
 */
export function SamplePlanSection({ projectId, plan, canEdit }: { projectId: string; plan: SamplePlanView | null; canEdit: boolean }) {
  const open = plan?.cells.filter((c) => c.open).length ?? 0;
  return (
    <section aria-labelledby="sample-plan-heading" className="mt-8 grid gap-3" data-testid="sample-plan">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sample-plan-heading" className="text-xl font-semibold">
          Sample plan
        </h2>
        {plan?.exportable && (
          <Link
            href={`/client/projects/${projectId}/sample-export`}
            prefetch={false}
            className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            <Download aria-hidden="true" className="size-4" /> Download weighted sample (CSV)
          </Link>
        )}
      </div>
      {plan ? (
        <>
          <p className="text-sm text-muted-foreground">
            {plan.mode === "proportional"
              ? `Proportional to the national district universe (weighted by ${plan.weighting === "enrollment" ? "enrollment" : "district"}), ${plan.totalSize} in all`
              : `Target counts, ${plan.totalSize} in all`}
            {" · "}
            {open === 0 ? "Every cell is full." : `${open} of ${plan.cells.length} cells still open.`}
            {plan.outside > 0 &&
              ` ${plan.outside} engaged ${plan.outside === 1 ? "expert is" : "experts are"} outside the plan (no linked district or role group).`}
          </p>
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-sm">
              <caption className="sr-only">Target, accepted, completed and waitlisted experts per cell of the sample plan</caption>
              <thead className="bg-muted/50 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Cell ({plan.dimensionLabels.join(" · ")})
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Target
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Accepted
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Completed
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Waitlisted
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {plan.cells
                  .filter((c) => c.target > 0 || c.accepted > 0 || c.waitlisted > 0)
                  .map((c) => (
                    <tr
                      key={c.key}
                      className={c.open ? "bg-amber-50 dark:bg-amber-950/40" : ""}
                      data-testid="sample-cell"
                      data-cell={c.key}
                    >
                      <th scope="row" className="px-3 py-2 text-left font-medium">
                        {c.label}
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums">{c.target}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{c.accepted}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{c.completed}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{c.waitlisted}</td>
                      <td className="px-3 py-2">
                        {c.open ? (
                          <Badge variant="warning">Open: {c.target - c.accepted} wanted</Badge>
                        ) : (
                          <Badge variant="secondary">Full</Badge>
                        )}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-muted-foreground">
            Cells with a target of zero and nobody in them are not listed. An application in a full cell waits on its waitlist; accept it
            once someone in that cell cancels or declines.
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          No sample plan. Add one to set how many experts you want per locale, district size, poverty level, region, state or role.
        </p>
      )}
      {canEdit && <SamplePlanForm projectId={projectId} plan={plan} />}
    </section>
  );
}
