import { Skeleton } from "@/components/ui/skeleton";

export default function CalendarLoading() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8" role="status" aria-label="Loading your sessions">
      <Skeleton className="h-9 w-40" />
      <Skeleton className="mt-2 h-4 w-72 max-w-full" />
      <div className="mt-8 grid gap-6">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-20" />
          </div>
        ))}
      </div>
    </div>
  );
}
