import Link from "next/link";
import { ChevronRight, Download, TriangleAlert } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import type { PlanCapacity } from "@/lib/samples/capacity";
import { Badge } from "@/components/ui/badge";
import type { SampleGridCell, SamplePlanView } from "@/lib/samples/plans";
import { SamplePlanForm } from "@/components/client/sample-plan-form";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** The grid's count columns, in order. */
const COUNTS = [
  ["target", "Target"],
  ["accepted", "Accepted"],
  ["completed", "Completed"],
  ["waitlisted", "Waitlisted"],
] as const;

/**
 * The project's sample plan, below the pipeline: its totals and open cells in one line, then the
 * grid (target, accepted, completed and waitlisted per cell) folded away once the plan is set.
 * A cell still wanting people is highlighted and says "Open" in words; a full one says "Full". A
 * plan wanting more than the study can take says so above the fold, with the numbers.
 */
export function SamplePlanSection({
  projectId,
  plan,
  canEdit,
  capacity,
}: {
  projectId: string;
  plan: SamplePlanView | null;
  canEdit: boolean;
  capacity: PlanCapacity | null;
}) {
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
            {open > 0 && plan.recruiting && (
              <>
                {" "}
                <Link
                  href={`/client/experts?recruitingFor=${projectId}`}
                  className="font-medium text-primary underline underline-offset-4"
                  data-testid="recruit-open-cells"
                >
                  Find experts for the open cells
                </Link>
              </>
            )}
            {plan.outside > 0 &&
              ` ${plan.outside} engaged ${plan.outside === 1 ? "expert is" : "experts are"} outside the plan (no linked district or role group).`}
          </p>
          {plan.shortfall && (
            <Alert variant="warning" role={undefined} data-testid="sample-plan-shortfall">
              <TriangleAlert aria-hidden="true" />
              <AlertDescription>{plan.shortfall.message}</AlertDescription>
            </Alert>
          )}
          <details className="group rounded-md border p-3" data-testid="sample-plan-cells">
            <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
              <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
              Cells and targets{canEdit ? ", and changing the plan" : ""}
            </summary>
            <div className="mt-3 grid gap-3">
              <Table containerClassName="rounded-md border" stacked>
                <caption className="sr-only">Target, accepted, completed and waitlisted experts per cell of the sample plan</caption>
                <TableHeader className="bg-muted/50">
                  <TableRow>
                    <TableHead>Cell ({plan.dimensionLabels.join(" · ")})</TableHead>
                    {COUNTS.map(([, label]) => (
                      <TableHead key={label} className="text-right">
                        {label}
                      </TableHead>
                    ))}
                    <TableHead>Status</TableHead>
                    <TableHead>Target districts</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {plan.cells
                    .filter((c) => c.target > 0 || c.accepted > 0 || c.waitlisted > 0)
                    .map((c) => (
                      <TableRow
                        key={c.key}
                        className={c.open ? "bg-amber-50 dark:bg-amber-950/40" : ""}
                        data-testid="sample-cell"
                        data-cell={c.key}
                      >
                        <TableHead scope="row" className="block h-auto whitespace-normal py-2 font-medium text-foreground sm:table-cell">
                          {c.label}
                        </TableHead>
                        {COUNTS.map(([field, label]) => (
                          <TableCell key={field} label={label} className="text-right tabular-nums">
                            {c[field]}
                          </TableCell>
                        ))}
                        <TableCell label="Status">
                          {c.open ? (
                            <Badge variant="warning">Open: {c.target - c.accepted} wanted</Badge>
                          ) : (
                            <Badge variant="secondary">Full</Badge>
                          )}
                        </TableCell>
                        <TableCell label="Target districts" className="whitespace-normal" data-testid="sample-cell-districts">
                          <CellDistricts districts={c.districts} approved={c.approvedDistricts} />
                        </TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
              <p className="text-xs text-muted-foreground">
                A cell fills only from districts open to the study (approved, no approval needed or required, or policy not on file); add
                target districts under District approvals. Cells with a target of zero and nobody in them are not listed. An application in
                a full cell waits on its waitlist; accept it once someone in that cell cancels or declines.
              </p>
              {canEdit && <SamplePlanForm projectId={projectId} plan={plan} capacity={capacity} />}
            </div>
          </details>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            No sample plan. Add one to set how many experts you want per locale, district size, poverty level, region, state or role.
          </p>
          {canEdit && <SamplePlanForm projectId={projectId} plan={plan} capacity={capacity} />}
        </>
      )}
    </section>
  );
}

/** A cell's target districts: open to the study or not, and how many approved it. */
function CellDistricts({ districts, approved }: { districts: SampleGridCell["districts"]; approved: number }) {
  if (districts.length === 0) return <span className="text-muted-foreground">None listed</span>;
  return (
    <div className="grid gap-1 text-xs">
      <span className="font-medium">
        {approved} of {districts.length} approved
      </span>
      <ul className="grid gap-0.5">
        {districts.map((d) => (
          <li key={d.leaid} className={d.open ? "" : "text-destructive"}>
            {d.open ? "Open" : "Closed"}: {d.name} ({d.words})
          </li>
        ))}
      </ul>
    </div>
  );
}
