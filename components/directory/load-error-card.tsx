"use client";

import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** The directory's load-error card ('Error Loading Experts'); Try Again reloads the page. */
export function LoadErrorCard({ message }: { message: string }) {
  return (
    <Card role="alert" className="mx-auto max-w-lg border-destructive/40 text-center">
      <CardHeader className="items-center">
        <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
        <CardTitle as="h2">Error Loading Experts</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">{message}</p>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </CardContent>
    </Card>
  );
}
