"use client";

import * as React from "react";
import { Progress as ProgressPrimitive } from "radix-ui";

import { cn } from "@/lib/platform/utils";

type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, "aria-label" | "aria-labelledby"> & {
  indicatorClassName?: string;
} & (
    | { /** Accessible name, e.g. "Upload progress". */ label: string; "aria-labelledby"?: never }
    | { label?: never; "aria-labelledby": string }
  );

/**
 * role="progressbar" with a required accessible name (`label` or `aria-labelledby`). The track is
 * light with an outline (3:1 against the page), so an empty bar reads as empty, not as a full
 * grey one; the filled part is the strong colour.
 */
function Progress({ className, indicatorClassName, label, value, max = 100, ...props }: ProgressProps) {
  const pct = value == null ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      aria-label={label}
      value={value}
      max={max}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full border border-input bg-muted", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn("h-full w-full flex-1 bg-primary transition-transform", indicatorClassName)}
        style={{ transform: `translateX(-${100 - pct}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}

export { Progress, type ProgressProps };
