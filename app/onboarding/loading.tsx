import { Skeleton } from "@/components/ui/skeleton";
import { LoadingFrame } from "@/components/ui/loading-frame";

export default function OnboardingLoading() {
  return (
    <LoadingFrame label="Loading your profile…" className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="mt-4 h-2 w-full" />
      <Skeleton className="mt-6 h-96" />
    </LoadingFrame>
  );
}
