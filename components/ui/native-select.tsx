import * as React from "react";
import { ChevronDown } from "lucide-react";

import { cn } from "@/lib/platform/utils";

type NativeSelectProps = React.ComponentProps<"select"> & {
  /** Classes for the wrapping div (width/layout); `className` goes on the <select>. */
  wrapperClassName?: string;
};

/** A styled native <select>: works without JS, in forms, and with getByLabelText/selectOption in tests. */
function NativeSelect({ className, wrapperClassName, children, ...props }: NativeSelectProps) {
  return (
    <div data-slot="native-select-wrapper" className={cn("relative w-full", wrapperClassName)}>
      <select
        data-slot="native-select"
        className={cn(
          "flex h-10 w-full appearance-none rounded-md border border-input bg-background py-2 pl-3 pr-9 text-base text-foreground shadow-sm transition-colors focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:text-sm",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

export { NativeSelect, type NativeSelectProps };
