"use client";

import { AlertTriangle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** The admin screens' error state, titled with what failed (e.g. Failed to load users). */
export function AdminLoadError({ title, reset }: { title: string; reset: () => void }) {
  return (
    <Alert variant="destructive" className="my-6">
      <AlertTriangle aria-hidden className="size-4" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>Something stopped the data from loading. Please try again.</p>
        <Button variant="outline" size="sm" onClick={() => reset()}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
