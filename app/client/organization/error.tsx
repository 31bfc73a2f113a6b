"use client";

import { AlertTriangle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export default function OrganizationError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Alert variant="destructive">
        <AlertTriangle aria-hidden className="size-4" />
        <AlertTitle>Failed to load your organization</AlertTitle>
        <AlertDescription className="space-y-3">
          <p>Something stopped the page from loading. Please try again.</p>
          <Button variant="outline" size="sm" onClick={() => reset()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    </div>
  );
}
