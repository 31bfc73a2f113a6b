import { Skeleton } from "@/components/ui/skeleton";
import { LoadingFrame, Skeletons } from "@/components/ui/loading-frame";

export default function PaymentsLoading() {
  return (
    <LoadingFrame label="Loading your wallet…" className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <Skeleton className="h-9 w-56" />
      <div className="grid gap-4 sm:grid-cols-4">
        <Skeletons count={4} className="h-28" />
      </div>
      <Skeleton className="h-40" />
      <Skeleton className="h-64" />
    </LoadingFrame>
  );
}
