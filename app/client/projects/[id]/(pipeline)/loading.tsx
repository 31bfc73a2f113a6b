import { Skeleton } from "@/components/ui/skeleton";

export default function ProjectLoading() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8" role="status" aria-label="Loading the project">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="mt-4 h-9 w-2/3 max-w-xl" />
      <Skeleton className="mt-3 h-4 w-full max-w-2xl" />
      <Skeleton className="mt-4 h-2 w-full max-w-md" />
      <div className="mt-8 flex flex-col gap-6 md:flex-row md:overflow-hidden">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="grid gap-3 md:w-80 md:shrink-0">
            <Skeleton className="h-7 w-32" />
            <Skeleton className="h-40" />
            <Skeleton className="h-28" />
          </div>
        ))}
      </div>
    </div>
  );
}
