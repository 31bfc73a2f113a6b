"use client";

import * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Sonner's default rich colours are below 4.5:1; these token-based ones pass WCAG AA. */
const richColors = {
  "--success-bg": "#f0fdf4",
  "--success-border": "#bbf7d0",
  "--success-text": "var(--color-success)",
  "--info-bg": "var(--color-accent)",
  "--info-border": "#bfdbfe",
  "--info-text": "var(--color-primary)",
  "--warning-bg": "#fefce8",
  "--warning-border": "#fde68a",
  "--warning-text": "#854d0e",
  "--error-bg": "#fef2f2",
  "--error-border": "#fecaca",
  "--error-text": "var(--color-destructive)",
} as React.CSSProperties;

/** Mount once (e.g. in the root layout). Fire toasts with `import { toast } from "sonner"`. */
function Toaster({ style, toastOptions, ...props }: ToasterProps) {
  return (
    <Sonner
      richColors
      closeButton
      position="top-right"
      theme="light"
      style={{ ...richColors, ...style }}
      toastOptions={{
        ...toastOptions,
        classNames: { closeButton: "size-6!", ...toastOptions?.classNames },
      }}
      {...props}
    />
  );
}

export { Toaster };
