import { Button } from "@/components/ui/button";

/**
 * "Start survey" (or "Continue survey" once opened): a plain anchor, because opening it records
 * the first open, so nothing may prefetch it.
 */
export function StartSurveyLink({ engagementId, started }: { engagementId: string; started: boolean }) {
  return (
    <Button size="sm" asChild>
      <a href={`/dashboard/survey/${engagementId}`}>{started ? "Continue survey" : "Start survey"}</a>
    </Button>
  );
}
