import * as React from "react";

import { cn } from "@/lib/platform/utils";

type SeparatorProps = React.ComponentProps<"div"> & {
  orientation?: "horizontal" | "vertical";
  /** Purely visual (default). Set false to expose role="separator" to assistive tech. */
  decorative?: boolean;
};

function Separator({ className, orientation = "horizontal", decorative = true, ...props }: SeparatorProps) {
  const a11y = decorative
    ? { role: "none" as const }
    : { role: "separator" as const, "aria-orientation": orientation === "vertical" ? ("vertical" as const) : undefined };
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      {...a11y}
      className={cn("shrink-0 bg-border", orientation === "horizontal" ? "h-px w-full" : "h-full w-px", className)}
      {...props}
    />
  );
}

export { Separator, type SeparatorProps };
