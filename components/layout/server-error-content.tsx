"use client";

// Styled with buttonVariants, not <Button>: keeps Button's Slot and tailwind-merge out of this
// page's bundle (components/ui/button-variants.ts).

import { useSyncExternalStore } from "react";
import Link from "next/link";
import { ServerCrash } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { ErrorId } from "@/components/layout/error-id";

// /500 is a page of its own, reached by its address, not by a failure: a real failure
// shows app/error.tsx with the server's digest. This page is prerendered, so its time-derived id
// is made in the browser when the page is shown: the server snapshot is empty and the client one
// is made once per page load.
let clientErrorId: string | undefined;
const subscribe = () => () => {};
const clientSnapshot = () => (clientErrorId ??= `ERR-${Date.now().toString(36).toUpperCase()}`);
const serverSnapshot = () => null;

/** /500: the error id is derived from the current time, so support can find the moment in the logs. */
export function ServerErrorContent() {
  const errorId = useSyncExternalStore(subscribe, clientSnapshot, serverSnapshot);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <ServerCrash aria-hidden className="size-12 text-destructive" />
      <p className="text-sm font-semibold text-destructive">500</p>
      <h1 className="text-3xl font-bold">Server error</h1>
      <p className="text-muted-foreground">Something went wrong on our side. Please try again, or contact us with the error id below.</p>
      <ErrorId id={errorId ?? "…"} />
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Refresh Page
        </button>
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          Home
        </Link>
        <Link href="/contact" className={buttonVariants({ variant: "outline" })}>
          Contact Us
        </Link>
      </div>
      <nav aria-label="Helpful links" className="flex gap-4 text-sm">
        <Link href="/help-center" className="text-primary underline underline-offset-4">
          Help Center
        </Link>
        <Link href="/api-status" className="text-primary underline underline-offset-4">
          System Status
        </Link>
        <Link href="/sitemap" className="text-primary underline underline-offset-4">
          Sitemap
        </Link>
      </nav>
    </div>
  );
}
