import { DirectorySkeleton } from "@/components/directory/directory-skeleton";

export default function ClientExpertsLoading() {
  return <DirectorySkeleton label="Loading experts…" />;
}
