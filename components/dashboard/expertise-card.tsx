"use client";

import { useState } from "react";
import Link from "next/link";
import { toast } from "sonner";
import { saveExpertiseAction } from "@/lib/experts/actions/dashboard";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Slider } from "@/components/ui/slider";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/platform/utils";
import { TONE } from "@/components/ui/tone";
import { TRENDING_WINDOW_DAYS } from "@/lib/accounts/constants";

type TopicRating = { topic: string; rating: number };
type Trending = { topic: string; demand: number; projectCount: number };

/** Demand badge colours: 80 and above green, 60 and above yellow, otherwise red. */
export const demandClass = (demand: number) => (demand >= 80 ? TONE.success : demand >= 60 ? TONE.warning : TONE.danger);

export function ExpertiseCard({ initial, trending }: { initial: TopicRating[]; trending: Trending[] }) {
  const [saved, setSaved] = useState(initial);
  const [ratings, setRatings] = useState(initial);
  const [saving, setSaving] = useState(false);
  const dirty = ratings.some((r, i) => r.rating !== saved[i]?.rating);

  async function save() {
    setSaving(true);
    const res = await saveExpertiseAction({ ratings });
    setSaving(false);
    if (res.ok) {
      setSaved(res.data);
      setRatings(res.data);
      toast.success("Ratings Updated", {
        description: "Your expertise ratings have been saved. This helps us match you with better opportunities.",
      });
    } else {
      toast.error("Save Failed", { description: res.message });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Update Your Expertise</CardTitle>
        <CardDescription>Rate yourself from 1 to 5 in each topic.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ul className="space-y-4">
          {ratings.map((r) => (
            <li key={r.topic} className="space-y-2">
              <div className="flex justify-between text-sm">
                <span id={`topic-${r.topic.replaceAll(" ", "-")}`}>{r.topic}</span>
                <span className="font-medium" aria-hidden="true">
                  {r.rating}/5
                </span>
              </div>
              <Slider
                min={1}
                max={5}
                step={1}
                value={[r.rating]}
                aria-label={r.topic}
                onValueChange={([v]) => setRatings((list) => list.map((x) => (x.topic === r.topic ? { ...x, rating: v } : x)))}
              />
            </li>
          ))}
        </ul>
        {dirty ? (
          <Button onClick={save} disabled={saving}>
            {saving ? <Spinner label="Saving…" /> : null}
            Save
          </Button>
        ) : null}
        <div>
          <h3 className="mb-2 font-medium">Trending Research Topics</h3>
          <p className="mb-2 text-xs text-muted-foreground">
            The words most used in the studies you can see from the last {TRENDING_WINDOW_DAYS} days.
          </p>
          {trending.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No recent projects to measure demand yet. Topics appear here as clients post studies.
            </p>
          ) : (
            <ul className="space-y-2">
              {trending.map((t) => (
                <li key={t.topic} className="flex items-center justify-between text-sm">
                  <span>
                    {t.topic}{" "}
                    <span className="text-muted-foreground">
                      ({t.projectCount} recent {t.projectCount === 1 ? "project" : "projects"})
                    </span>
                  </span>
                  <Badge variant="outline" className={cn(demandClass(t.demand))}>
                    {t.demand}% demand
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-2 font-medium">Boost Your Visibility</h3>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href="/onboarding?step=linkedin">Update LinkedIn</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href="/onboarding?step=expertise">Add Certifications</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href="/onboarding?step=preferences">Review Availability</Link>
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
