import { DirectorySkeleton } from "@/components/directory/directory-skeleton";

export default function ExpertsLoading() {
  return <DirectorySkeleton label="Loading experts…" />;
}
