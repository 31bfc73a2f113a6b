import { Skeleton } from "@/components/ui/skeleton";

export default function DashboardLoading() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10" aria-busy="true" aria-label="Loading your dashboard">
      <Skeleton className="h-9 w-72" />
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="mt-8 h-10 w-full max-w-xl" />
      <Skeleton className="mt-4 h-64" />
    </div>
  );
}
