import { Skeleton } from "@/components/ui/skeleton";
import { LoadingFrame, Skeletons } from "@/components/ui/loading-frame";

export default function ClientDashboardLoading() {
  return (
    <LoadingFrame label="Loading your dashboard…" className="mx-auto max-w-7xl px-4 py-8">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="mt-2 h-5 w-80 max-w-full" />
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        <Skeletons count={6} className="h-28" />
      </div>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeletons count={3} className="h-40" />
      </div>
    </LoadingFrame>
  );
}
