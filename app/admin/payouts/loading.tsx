import { Skeleton } from "@/components/ui/skeleton";

export default function AdminPayoutsLoading() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading payouts">
      <Skeleton className="h-9 w-48" />
      <Skeleton className="h-5 w-full max-w-xl" />
      <Skeleton className="h-10 w-40" />
      <Skeleton className="h-72" />
    </div>
  );
}
