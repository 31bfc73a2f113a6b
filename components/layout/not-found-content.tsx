"use client";

// Styled with buttonVariants, not <Button>: this boundary loads with every page, and Button's
// Slot and tailwind-merge would ship to all of them (components/ui/button-variants.ts).

import Link from "next/link";
import { usePathname } from "next/navigation";
import { SearchX } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";

export function NotFoundContent() {
  const pathname = usePathname();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <SearchX aria-hidden className="size-12 text-muted-foreground" />
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="text-muted-foreground">
        We could not find{" "}
        <code className="break-all rounded bg-muted px-1.5 py-0.5 text-foreground" data-testid="missing-path">
          {pathname}
        </code>
        .
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link href="/" className={buttonVariants()}>
          Home
        </Link>
        <Link href="/help-center" className={buttonVariants({ variant: "outline" })}>
          Help Center
        </Link>
        <Link href="/sitemap" className={buttonVariants({ variant: "outline" })}>
          Sitemap
        </Link>
        <button type="button" className={buttonVariants({ variant: "ghost" })} onClick={() => window.history.back()}>
          Go Back
        </button>
      </div>
    </div>
  );
}
