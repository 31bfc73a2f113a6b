import { Skeleton } from "@/components/ui/skeleton";
import { LoadingFrame } from "@/components/ui/loading-frame";

/** Account security and updated policies: a heading and a column of cards. */
export default function SettingsLoading() {
  return (
    <LoadingFrame label="Loading your settings…" className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-48" />
      <Skeleton className="h-48" />
    </LoadingFrame>
  );
}
