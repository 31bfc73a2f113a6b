import * as React from "react";
import { Loader2 } from "lucide-react";

import { cn } from "@/lib/platform/utils";

type SpinnerProps = React.ComponentProps<"span"> & {
  /** Screen-reader text (default "Loading…"). */
  label?: string;
  iconClassName?: string;
};

function Spinner({ className, iconClassName, label = "Loading…", ...props }: SpinnerProps) {
  return (
    <span data-slot="spinner" role="status" className={cn("inline-flex items-center", className)} {...props}>
      <Loader2 className={cn("size-4 animate-spin motion-reduce:animate-none", iconClassName)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner, type SpinnerProps };
