"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useActionRunner } from "@/components/client/use-action-runner";
import { saveSamplePlanAction } from "@/lib/samples/actions/sample-plans";
import type { SamplePlanView } from "@/lib/samples/plans";
import {
  allCells,
  cellCount,
  cellKey,
  cellLabel,
  DIMENSION_LABELS,
  DISTRICT_DIMENSIONS,
  MAX_CELLS,
  SAMPLE_DIMENSIONS,
  type SampleDimension,
} from "@/lib/samples/cells";

type Mode = "targets" | "proportional";

/** Create or change the project's sample plan: up to three dimensions, then targets per cell or a proportional total. */
export function SamplePlanForm({ projectId, plan }: { projectId: string; plan: SamplePlanView | null }) {
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
      (ok, result) => setError(ok || result.ok ? null : result.message),
      ["plan", "dimensions", "targets", "totalSize", "weighting"],
    );
  }

  return (
    <details className="rounded-md border p-3" open={!plan}>
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
        <div className="grid gap-3 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="grid gap-1">
              <Label htmlFor={`sample-dim-${i}`}>
                Dimension {i + 1}
                {i > 0 ? " (optional)" : ""}
              </Label>
              <NativeSelect
                id={`sample-dim-${i}`}
                value={dims[i]}
                onChange={(e) => setDims((d) => d.map((x, j) => (j === i ? e.target.value : x)))}
              >
                <option value="">{i === 0 ? "Choose…" : `No ${i === 1 ? "second" : "third"} dimension`}</option>
                {offered.map((d) => (
                  <option key={d} value={d}>
                    {DIMENSION_LABELS[d]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ))}
        </div>
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
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">Target per cell (leave empty for none)</legend>
              <div className="grid max-h-96 gap-2 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
                {cells.map((c) => {
                  const key = cellKey(chosen, c);
                  const id = `sample-target-${key.replace(/[^a-z0-9]+/gi, "-")}`;
                  return (
                    <div key={key} className="grid grid-cols-[1fr_5rem] items-center gap-2">
                      <Label htmlFor={id} className="text-sm font-normal">
                        {cellLabel(chosen, c)}
                      </Label>
                      <Input
                        id={id}
                        inputMode="numeric"
                        value={targets[key] ?? ""}
                        onChange={(e) => setTargets((t) => ({ ...t, [key]: e.target.value }))}
                      />
                    </div>
                  );
                })}
              </div>
            </fieldset>
          )
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
