import { Skeleton } from "@/components/ui/skeleton";
import { LoadingFrame, Skeletons } from "@/components/ui/loading-frame";

/** The directory while it loads (/experts and /client/experts): heading, filter panel, a grid of cards. */
export function DirectorySkeleton({ label }: { label: string }) {
  return (
    <LoadingFrame label={label} className="mx-auto max-w-7xl px-4 py-8">
      <Skeleton className="h-9 w-72" />
      <Skeleton className="mt-2 h-5 w-96 max-w-full" />
      <div className="mt-6 flex flex-col gap-6 lg:flex-row lg:items-start">
        <Skeleton className="h-96 w-full shrink-0 lg:w-72" />
        <div className="min-w-0 flex-1">
          <Skeleton className="mb-4 h-7 w-40" />
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <Skeletons count={6} className="h-56" />
          </div>
        </div>
      </div>
    </LoadingFrame>
  );
}
