"use client";

import * as React from "react";
import { Progress as ProgressPrimitive } from "radix-ui";

import { cn } from "@/lib/utils";

type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, "aria-label" | "aria-labelledby"> & {
  indicatorClassName?: string;
} & (
    | { /** Accessible name, e.g. "Upload progress". */ label: string; "aria-labelledby"?: never }
    | { label?: never; "aria-labelledby": string }
  );

/** role="progressbar" with a required accessible name (`label` or `aria-labelledby`). */
function Progress({ className, indicatorClassName, label, value, max = 100, ...props }: ProgressProps) {
  const pct = value == null ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      aria-label={label}
      value={value}
      max={max}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-input", className)}
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
