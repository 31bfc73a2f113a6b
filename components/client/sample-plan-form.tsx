"use client";

import { useState } from "react";
import { toast } from "sonner";
import { TriangleAlert } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { CellTargets, DimensionPickers, targetId } from "@/components/client/sample-plan-parts";
import { saveSamplePlanAction } from "@/lib/samples/actions/sample-plans";
import type { SamplePlanView } from "@/lib/samples/plans";
import { capacityShortfall, type PlanCapacity } from "@/lib/samples/capacity";
import {
  allCells,
  cellCount,
  cellKey,
  type CellValues,
  DISTRICT_DIMENSIONS,
  MAX_CELLS,
  SAMPLE_DIMENSIONS,
  type SampleDimension,
} from "@/lib/samples/cells";

type Mode = "targets" | "proportional";

/** A whole number typed in a target box, or 0. */
const countOf = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * Create or change the project's sample plan: up to three dimensions, then targets per cell (one
 * number for every cell at once, or each its own; two dimensions as a table of one by the other)
 * or a proportional total. The total is checked as it is typed against what the study can take.
 */
export function SamplePlanForm({
  projectId,
  plan,
  capacity,
}: {
  projectId: string;
  plan: SamplePlanView | null;
  capacity: PlanCapacity | null;
}) {
  const { pending, run } = useActionRunner();
  const [mode, setMode] = useState<Mode>(plan?.mode ?? "targets");
  const [dims, setDims] = useState<string[]>([plan?.dimensions[0] ?? "", plan?.dimensions[1] ?? "", plan?.dimensions[2] ?? ""]);
  const [weighting, setWeighting] = useState<string>(plan?.weighting ?? "district");
  const [totalSize, setTotalSize] = useState<string>(String(plan?.totalSize ?? 20));
  const [targets, setTargets] = useState<Record<string, string>>(
    Object.fromEntries((plan?.mode === "targets" ? plan.cells : []).map((c) => [c.key, String(c.target)])),
  );
  const [error, setError] = useState<string | null>(null);

  const chosen = dims.filter(Boolean) as SampleDimension[];
  const offered = mode === "proportional" ? DISTRICT_DIMENSIONS : SAMPLE_DIMENSIONS;
  const cells = chosen.length > 0 && cellCount(chosen) <= MAX_CELLS ? allCells(chosen) : [];
  const planned = mode === "proportional" ? countOf(totalSize) : cells.reduce((n, c) => n + countOf(targets[cellKey(chosen, c)]), 0);
  const shortfall = capacityShortfall(planned, capacity);
  const targetInput = (c: CellValues, extra: { "aria-label"?: string } = {}) => {
    const key = cellKey(chosen, c);
    return (
      <Input
        id={targetId(key)}
        inputMode="numeric"
        className="min-w-16"
        value={targets[key] ?? ""}
        onChange={(e) => setTargets((t) => ({ ...t, [key]: e.target.value }))}
        {...extra}
      />
    );
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const planInput =
      mode === "targets"
        ? {
            mode,
            dimensions: chosen,
            targets: Object.fromEntries(
              cells.map((c) => cellKey(chosen, c)).flatMap((k) => (targets[k] && targets[k] !== "0" ? [[k, targets[k]]] : [])),
            ),
          }
        : { mode, dimensions: chosen, weighting, totalSize };
    setError(null);
    run(
      () => saveSamplePlanAction({ projectId, plan: planInput }),
      "Sample plan saved",
      (ok, result) => {
        setError(ok || result.ok ? null : result.message);
        if (result.ok && result.data.warning) toast.warning("Some places can never fill", { description: result.data.warning });
      },
      ["plan", "dimensions", "targets", "totalSize", "weighting"],
    );
  }

  return (
    <details className="rounded-md border p-3" data-testid="sample-plan-form">
      <summary className="cursor-pointer text-sm font-medium">{plan ? "Change the sample plan" : "Add a sample plan"}</summary>
      <form onSubmit={submit} className="mt-3 grid gap-4" aria-describedby={error ? "sample-plan-error" : undefined}>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">How targets are set</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value="targets" checked={mode === "targets"} onChange={() => setMode("targets")} />
            Target counts per cell
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              value="proportional"
              checked={mode === "proportional"}
              onChange={() => setMode("proportional")}
            />
            Proportional to the national district universe
          </label>
        </fieldset>
        <DimensionPickers dims={dims} offered={offered} onChange={setDims} />
        {mode === "proportional" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1">
              <Label htmlFor="sample-weighting">Count the universe</Label>
              <NativeSelect id="sample-weighting" value={weighting} onChange={(e) => setWeighting(e.target.value)}>
                <option value="district">By district (each district once)</option>
                <option value="enrollment">By enrollment (each district by its students)</option>
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="sample-total">Total sample size</Label>
              <Input id="sample-total" inputMode="numeric" value={totalSize} onChange={(e) => setTotalSize(e.target.value)} />
            </div>
          </div>
        ) : chosen.length > 0 && cells.length === 0 ? (
          <p className="text-sm text-muted-foreground">Those dimensions make more than {MAX_CELLS} cells: choose fewer or smaller ones.</p>
        ) : (
          cells.length > 0 && (
            <CellTargets
              dimensions={chosen}
              cells={cells}
              input={targetInput}
              setAll={(target) => setTargets(Object.fromEntries(cells.map((c) => [cellKey(chosen, c), target])))}
            />
          )
        )}
        {(mode === "proportional" || cells.length > 0) && (
          <div className="grid gap-1 text-sm" role="status" data-testid="sample-plan-total">
            <p>
              {mode === "targets" ? "Targets add up to" : "Sample size"} <span className="font-medium tabular-nums">{planned}</span>
              {capacity ? ` · the ${capacity.format === "survey" ? "survey takes" : "sessions seat"} ${capacity.limit}` : ""}
            </p>
            {shortfall && (
              <Alert variant="warning" role={undefined} data-testid="sample-plan-shortfall">
                <TriangleAlert aria-hidden="true" />
                <AlertDescription>{shortfall.message}</AlertDescription>
              </Alert>
            )}
          </div>
        )}
        {error && (
          <p id="sample-plan-error" role="alert" data-form-error tabIndex={-1} className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" className="justify-self-start" disabled={pending} aria-busy={pending}>
          {pending && <Spinner />} Save sample plan
        </Button>
      </form>
    </details>
  );
}
