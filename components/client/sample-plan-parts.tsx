"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { cellKey, cellLabel, DIMENSION_LABELS, DIMENSION_VALUES, type CellValues, type SampleDimension } from "@/lib/samples/cells";

// The sample plan form's parts: the dimensions it is cut by, and the target of each cell (one
// number for all at once, a list, or two dimensions as a table).

/** The id of a cell's target input. */
export const targetId = (key: string) => `sample-target-${key.replace(/[^a-z0-9]+/gi, "-")}`;

type TargetInput = (c: CellValues, extra?: { "aria-label"?: string }) => ReactNode;

/** Up to three dimensions, the first required. */
export function DimensionPickers({
  dims,
  offered,
  onChange,
}: {
  dims: string[];
  offered: readonly SampleDimension[];
  onChange: (dims: string[]) => void;
}) {
  return (
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
            onChange={(e) => onChange(dims.map((x, j) => (j === i ? e.target.value : x)))}
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
  );
}

/** The target of each cell, with one number for all of them at once. */
export function CellTargets({
  dimensions,
  cells,
  input,
  setAll,
}: {
  dimensions: SampleDimension[];
  cells: CellValues[];
  input: TargetInput;
  setAll: (target: string) => void;
}) {
  const [every, setEvery] = useState("");
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">Target per cell (leave empty for none)</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="sample-every">Same target for every cell</Label>
          <Input id="sample-every" inputMode="numeric" className="w-24" value={every} onChange={(e) => setEvery(e.target.value)} />
        </div>
        <Button type="button" variant="outline" disabled={!/^\d+$/.test(every.trim())} onClick={() => setAll(every.trim())}>
          Set all {cells.length} cells
        </Button>
      </div>
      {dimensions.length === 2 ? (
        <CrossTable dimensions={dimensions as [SampleDimension, SampleDimension]} input={input} />
      ) : (
        <div className="grid max-h-96 gap-2 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
          {cells.map((c) => {
            const key = cellKey(dimensions, c);
            return (
              <div key={key} className="grid grid-cols-[1fr_5rem] items-center gap-2">
                <Label htmlFor={targetId(key)} className="text-sm font-normal">
                  {cellLabel(dimensions, c)}
                </Label>
                {input(c)}
              </div>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

/**
 * Two dimensions as a table: one dimension's values down the side, the other's across the top
 * (the one with more values down the side, so the table grows down rather than sideways), each
 * box named by its row and column headers and, for a screen reader, by the cell's words.
 */
function CrossTable({ dimensions, input }: { dimensions: [SampleDimension, SampleDimension]; input: TargetInput }) {
  const [a, b] = dimensions;
  const [down, across] = DIMENSION_VALUES[a].length >= DIMENSION_VALUES[b].length ? [a, b] : [b, a];
  return (
    <div className="max-h-[28rem] overflow-auto rounded-md border">
      <table className="w-full border-collapse text-sm" data-testid="sample-plan-table">
        <caption className="sr-only">
          Target per cell: {DIMENSION_LABELS[down]} by {DIMENSION_LABELS[across]}
        </caption>
        <thead className="sticky top-0 z-10 bg-muted">
          <tr>
            <th scope="col" className="px-2 py-2 text-left font-medium">
              {DIMENSION_LABELS[down]} \ {DIMENSION_LABELS[across]}
            </th>
            {DIMENSION_VALUES[across].map((col) => (
              <th key={col.value} scope="col" className="px-2 py-2 text-left font-medium">
                {col.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {DIMENSION_VALUES[down].map((row) => (
            <tr key={row.value} className="border-t">
              <th scope="row" className="px-2 py-1 text-left font-medium">
                {row.label}
              </th>
              {DIMENSION_VALUES[across].map((col) => {
                const values: CellValues = { [down]: row.value, [across]: col.value };
                return (
                  <td key={col.value} className="px-2 py-1">
                    {input(values, { "aria-label": cellLabel(dimensions, values) })}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
