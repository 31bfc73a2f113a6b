import { ListPageSkeleton } from "@/components/ui/loading-frame";

export default function ProjectsLoading() {
  return <ListPageSkeleton label="Loading your projects…" className="mx-auto max-w-5xl px-4 py-8" count={3} rowClassName="h-40" />;
}
