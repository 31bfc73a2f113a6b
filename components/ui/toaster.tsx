"use client";

import * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Sonner's default rich colours are below 4.5:1; the theme's tone tokens pass WCAG AA in both schemes. */
const richColors = {
  "--normal-bg": "var(--color-card)",
  "--normal-border": "var(--color-border)",
  "--normal-text": "var(--color-card-foreground)",
  "--success-bg": "var(--color-success-soft)",
  "--success-border": "var(--color-success-line)",
  "--success-text": "var(--color-success-soft-foreground)",
  "--info-bg": "var(--color-info-soft)",
  "--info-border": "var(--color-info-line)",
  "--info-text": "var(--color-info-soft-foreground)",
  "--warning-bg": "var(--color-warning-soft)",
  "--warning-border": "var(--color-warning-line)",
  "--warning-text": "var(--color-warning-soft-foreground)",
  "--error-bg": "var(--color-danger-soft)",
  "--error-border": "var(--color-danger-line)",
  "--error-text": "var(--color-danger-soft-foreground)",
} as React.CSSProperties;

/** Mount once (e.g. in the root layout). Fire toasts with `import { toast } from "sonner"`. */
function Toaster({ style, toastOptions, ...props }: ToasterProps) {
  return (
    <Sonner
      richColors
      closeButton
      position="top-right"
      // Below the sticky header (4 rem), so a toast never covers the bell, Logout or the menu.
      offset={{ top: "4.75rem" }}
      mobileOffset={{ top: "4.75rem" }}
      theme="system"
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
