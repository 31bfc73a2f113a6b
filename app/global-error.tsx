"use client";

import Link from "next/link";
import { ErrorId } from "@/components/layout/error-id";
import "./globals.css";

/** When the root layout itself fails: the crash screen with the server's digest (app/error.tsx). */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body>
        <main className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
          <h1 className="text-2xl font-semibold">Something went wrong</h1>
          <p>An unexpected error stopped this page from loading.</p>
          {error.digest && <ErrorId id={error.digest} />}
          <div className="flex gap-2">
            <button
              type="button"
              className="rounded-md bg-primary px-4 py-2 text-primary-foreground"
              onClick={() => window.location.reload()}
            >
              Refresh Page
            </button>
            <Link className="rounded-md border px-4 py-2" href="/">
              Go Home
            </Link>
          </div>
        </main>
      </body>
    </html>
  );
}
