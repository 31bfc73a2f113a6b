"use client";

// Styled with buttonVariants, not <Button>: this boundary loads with every page, and Button's
// Slot and tailwind-merge would ship to all of them (components/ui/button-variants.ts).

import Link from "next/link";
import { AlertTriangle } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { ErrorId } from "@/components/layout/error-id";

/** The generic crash screen: Something went wrong, with Refresh Page and Go Home. */
export default function ErrorScreen({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <AlertTriangle aria-hidden className="size-12 text-destructive" />
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground">An unexpected error stopped this page from loading. Refreshing usually helps.</p>
      {/* A server error carries its digest; an error in the browser has none and nothing logged it. */}
      {error.digest && <ErrorId id={error.digest} />}
      <div className="flex gap-2">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Refresh Page
        </button>
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          Go Home
        </Link>
      </div>
    </div>
  );
}
