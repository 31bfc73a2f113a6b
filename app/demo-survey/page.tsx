import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { isDemoMode } from "@/lib/platform/env";
import { demoSurveyEnds } from "@/lib/site/demo-survey";

export const metadata: Metadata = { title: "Sample survey", description: "The demo's sample survey.", robots: { index: false } };

/** The demo's sample survey: what a client's survey tool shows, ending at the survey's own end addresses. */
export default async function DemoSurveyPage({ searchParams }: { searchParams: Promise<{ pid?: string | string[] }> }) {
  // The address first: it makes the page dynamic, so the build does not prerender it and never
  // reads the environment (the image is built without DATABASE_URL).
  const { pid } = await searchParams;
  if (!isDemoMode()) notFound();
  const ends = typeof pid === "string" && pid.length <= 64 ? await demoSurveyEnds(pid) : null;
  if (!ends) notFound();
  return (
    <AuthCard title={ends.title} description="Sample survey: in the demo this page stands in for the client's own survey tool.">
      <div className="grid gap-4 text-sm">
        <p>A real survey asks its questions here. When you reach its last page, it sends you back to K12 Experts.</p>
        <p>
          Your completion code:{" "}
          <span className="font-mono font-medium" data-testid="demo-survey-code">
            {ends.code}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {/* Plain anchors: following one records the answer, so nothing may prefetch it. */}
          <Button asChild>
            <a href={ends.complete}>Finish the survey</a>
          </Button>
          <Button asChild variant="outline">
            <a href={ends.screenOut}>I do not fit this survey</a>
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
