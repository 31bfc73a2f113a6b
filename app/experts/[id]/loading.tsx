import { Skeleton } from "@/components/ui/skeleton";
import { LoadingFrame } from "@/components/ui/loading-frame";

export default function ExpertProfileLoading() {
  return (
    <LoadingFrame label="Loading the expert's profile…" className="mx-auto max-w-6xl px-4 py-8">
      <Skeleton className="h-5 w-32" />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-40" />
        </div>
        <Skeleton className="h-72" />
      </div>
    </LoadingFrame>
  );
}
