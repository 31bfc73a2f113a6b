import { ListPageSkeleton } from "@/components/ui/loading-frame";

export default function ShortlistLoading() {
  return <ListPageSkeleton label="Loading your shortlist…" className="mx-auto max-w-6xl px-4 py-8" count={4} rowClassName="h-20" />;
}
