import { Skeleton } from "@/components/ui/skeleton";

export default function SessionLoading() {
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-8" role="status" aria-label="Loading the session">
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-4 w-full max-w-md" />
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-20" />
      ))}
    </div>
  );
}
