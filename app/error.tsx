"use client";

import Link from "next/link";
import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The generic crash screen (000 §2 'Error screens'). */
export default function ErrorScreen({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <AlertTriangle aria-hidden className="size-12 text-destructive" />
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground">An unexpected error stopped this page from loading. Refreshing usually helps.</p>
      {error.digest && <p className="text-xs text-muted-foreground">Reference: {error.digest}</p>}
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
        <Button asChild variant="outline"><Link href="/">Go Home</Link></Button>
      </div>
    </div>
  );
}
