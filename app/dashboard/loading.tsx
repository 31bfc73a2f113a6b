import { Skeleton } from "@/components/ui/skeleton";
import { LoadingFrame, Skeletons } from "@/components/ui/loading-frame";

export default function DashboardLoading() {
  return (
    <LoadingFrame label="Loading your dashboard…" className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <Skeleton className="h-9 w-72" />
      <div className="mt-4 grid grid-cols-2 gap-3 sm:mt-6 sm:gap-4 lg:grid-cols-4">
        <Skeletons count={4} className="h-24 sm:h-28" />
      </div>
      <Skeleton className="mt-6 h-10 w-full max-w-xl sm:mt-8" />
      <Skeleton className="mt-4 h-64" />
    </LoadingFrame>
  );
}
