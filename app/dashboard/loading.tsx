import { Skeleton } from "@/components/ui/skeleton";
import { LoadingFrame, Skeletons } from "@/components/ui/loading-frame";

export default function DashboardLoading() {
  return (
    <LoadingFrame label="Loading your dashboard…" className="mx-auto max-w-7xl px-4 py-10">
      <Skeleton className="h-9 w-72" />
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Skeletons count={4} className="h-28" />
      </div>
      <Skeleton className="mt-8 h-10 w-full max-w-xl" />
      <Skeleton className="mt-4 h-64" />
    </LoadingFrame>
  );
}
