"use client";

import { useState } from "react";
import { toast } from "sonner";
import { CheckCircle2 } from "lucide-react";
import { submitFeedbackAction } from "@/lib/experts/actions/dashboard";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { labelOf } from "@/lib/vocabulary/options";
import { PROJECT_TYPES } from "@/lib/vocabulary/studies";

export type FeedbackCardState =
  | { state: "none" }
  | { state: "complete" }
  | { state: "form"; opportunity: { id: string; title: string; clientOrganization: string; opportunityType: string } };

function RatingGroup({
  name,
  legend,
  value,
  onChange,
  errorId,
}: {
  name: string;
  legend: string;
  value: number | null;
  onChange: (n: number) => void;
  errorId?: string;
}) {
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex gap-2">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="flex cursor-pointer items-center gap-1 rounded-md border border-input px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="accent-primary" />
            {n}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function FeedbackCard({ feedback }: { feedback: FeedbackCardState }) {
  const [done, setDone] = useState(feedback.state === "complete");
  const [rating, setRating] = useState<number | null>(null);
  const [experience, setExperience] = useState<number | null>(null);
  const [communication, setCommunication] = useState<number | null>(null);
  const [text, setText] = useState("");
  const [suggestions, setSuggestions] = useState("");
  const [recommend, setRecommend] = useState(false);
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);

  const header = (
    <CardHeader>
      <CardTitle as="h2">Engagement Feedback</CardTitle>
      {feedback.state === "form" && !done ? (
        <CardDescription>
          How was “{feedback.opportunity.title}” with {feedback.opportunity.clientOrganization} (
          {labelOf(PROJECT_TYPES, feedback.opportunity.opportunityType)?.toLowerCase()})?
        </CardDescription>
      ) : null}
    </CardHeader>
  );

  if (feedback.state === "none")
    return (
      <Card>
        {header}
        <CardContent>
          <p className="text-sm text-muted-foreground">Once you complete an engagement you can tell us how it went here.</p>
        </CardContent>
      </Card>
    );
  if (done || feedback.state === "complete")
    return (
      <Card>
        {header}
        <CardContent className="flex items-center gap-2">
          <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
          <p className="font-medium">Feedback Complete</p>
        </CardContent>
      </Card>
    );

  const opportunityId = feedback.opportunity.id;
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (rating === null) {
      setError("Please give an overall rating.");
      return;
    }
    setError("");
    setSending(true);
    const res = await submitFeedbackAction({
      opportunityId,
      rating,
      ...(experience !== null ? { experienceRating: experience } : {}),
      ...(communication !== null ? { communicationRating: communication } : {}),
      ...(text.trim() ? { feedbackText: text } : {}),
      ...(suggestions.trim() ? { suggestions } : {}),
      wouldRecommend: recommend,
    });
    setSending(false);
    if (res.ok) {
      toast.success("Feedback Submitted", { description: "Thank you for your feedback! It helps improve our community." });
      setDone(true);
    } else {
      toast.error("Submission Failed", { description: res.message });
    }
  }

  return (
    <Card>
      {header}
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <RatingGroup
            name="fb-rating"
            legend="Overall rating (required)"
            value={rating}
            onChange={setRating}
            errorId={error ? "feedback-error" : undefined}
          />
          <FieldError id="feedback-error">{error}</FieldError>
          <RatingGroup name="fb-experience" legend="Experience" value={experience} onChange={setExperience} />
          <RatingGroup name="fb-communication" legend="Communication" value={communication} onChange={setCommunication} />
          <div className="space-y-2">
            <Label htmlFor="fb-text">Your feedback</Label>
            <Textarea id="fb-text" value={text} onChange={(e) => setText(e.target.value)} maxLength={2000} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="fb-suggestions">Suggestions</Label>
            <Textarea id="fb-suggestions" value={suggestions} onChange={(e) => setSuggestions(e.target.value)} maxLength={2000} />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id="fb-recommend" checked={recommend} onCheckedChange={(v) => setRecommend(v === true)} />
            <Label htmlFor="fb-recommend">I would recommend this client to other experts</Label>
          </div>
          <Button type="submit" disabled={sending}>
            {sending ? <Spinner label="Submitting…" /> : null}
            Submit Feedback
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
