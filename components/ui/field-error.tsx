import * as React from "react";

import { cn } from "@/lib/platform/utils";

type FieldErrorProps = Omit<React.ComponentProps<"p">, "id"> & {
  /** Reference this id from the field's aria-describedby. */
  id: string;
};

/** Renders nothing when there is no message, so it's safe to always mount. */
function FieldError({ id, className, children, ...props }: FieldErrorProps) {
  if (children == null || children === false || children === "") return null;
  return (
    <p id={id} role="alert" data-slot="field-error" className={cn("text-sm text-destructive", className)} {...props}>
      {children}
    </p>
  );
}

export { FieldError, type FieldErrorProps };
