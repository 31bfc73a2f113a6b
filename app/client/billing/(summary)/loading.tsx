import { Skeleton } from "@/components/ui/skeleton";

export default function BillingLoading() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8" role="status" aria-label="Loading your billing">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-3 h-9 w-40" />
      <Skeleton className="mt-6 h-28" />
      <Skeleton className="mt-8 h-48" />
      <div className="mt-8 grid gap-3">
        {Array.from({ length: 2 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    </div>
  );
}
