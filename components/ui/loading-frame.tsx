import type { ReactNode } from "react";
import { cn } from "@/lib/platform/utils";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The frame of a loading.tsx skeleton: marked busy, with a visually hidden status line (read
 * once by screen readers) naming what is loading. The grey shapes inside are aria-hidden.
 */
export function LoadingFrame({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div aria-busy="true" className={cn(className)} data-testid="loading-skeleton">
      <p role="status" className="sr-only">
        {label}
      </p>
      {children}
    </div>
  );
}

/** `count` placeholder blocks of one shape (cards in a grid, rows in a list). */
export function Skeletons({ count, className }: { count: number; className: string }) {
  return Array.from({ length: count }, (_, i) => <Skeleton key={i} className={className} />);
}

/** A list page while it loads: the heading with its action button, then `count` rows. */
export function ListPageSkeleton({
  label,
  className,
  count,
  rowClassName,
}: {
  label: string;
  className: string;
  count: number;
  rowClassName: string;
}) {
  return (
    <LoadingFrame label={label} className={className}>
      <div className="flex items-end justify-between gap-3">
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-9 w-36" />
      </div>
      <div className="mt-6 grid gap-4">
        <Skeletons count={count} className={rowClassName} />
      </div>
    </LoadingFrame>
  );
}
