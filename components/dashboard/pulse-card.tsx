"use client";

import { useState } from "react";
import { toast } from "sonner";
import { CheckCircle2 } from "lucide-react";
import { answerPulseAction } from "@/lib/experts/actions/dashboard";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";

type Survey = { id: string; title: string; question: string; surveyType: "rating" | "text"; options: string[] };
export type PulseCardState = { state: "none" } | { state: "open" | "answered"; survey: Survey };

export function PulseCard({ pulse }: { pulse: PulseCardState }) {
  const [done, setDone] = useState(pulse.state === "answered");
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);

  if (pulse.state === "none")
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">Weekly Pulse</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">No survey available this week. Check back next week for a new question.</p>
        </CardContent>
      </Card>
    );

  const { survey } = pulse;
  if (done)
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">{survey.title}</CardTitle>
        </CardHeader>
        <CardContent className="flex items-center gap-2">
          <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
          <p className="font-medium">Pulse Survey Complete</p>
        </CardContent>
      </Card>
    );

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (rating === null && !text.trim()) {
      setError("Please choose a rating or write an answer.");
      return;
    }
    setError("");
    setSending(true);
    const res = await answerPulseAction({ surveyId: survey.id, ...(rating !== null ? { rating } : {}), ...(text.trim() ? { text } : {}) });
    setSending(false);
    if (res.ok) {
      toast.success("Response Submitted", { description: "Thank you for your feedback! It helps us improve your experience." });
      setDone(true);
    } else {
      toast.error("Submission Failed", { description: res.message });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{survey.title}</CardTitle>
        <CardDescription>A 30-second question for this week.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate aria-label="Pulse survey">
          {survey.surveyType === "rating" ? (
            <fieldset aria-describedby={error ? "pulse-error" : undefined}>
              <legend className="mb-3 font-medium">{survey.question}</legend>
              <div className="flex flex-wrap gap-2">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label
                    key={n}
                    className="flex cursor-pointer items-center gap-2 rounded-md border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <input
                      type="radio"
                      name="pulse-rating"
                      value={n}
                      checked={rating === n}
                      onChange={() => setRating(n)}
                      className="accent-primary"
                    />
                    {n} · {survey.options[n - 1] ?? n}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <div className="space-y-2">
              <Label htmlFor="pulse-text">{survey.question}</Label>
              <Textarea
                id="pulse-text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                maxLength={2000}
                aria-describedby={error ? "pulse-error" : undefined}
                aria-invalid={Boolean(error)}
              />
            </div>
          )}
          <FieldError id="pulse-error">{error}</FieldError>
          <Button type="submit" disabled={sending}>
            {sending ? <Spinner label="Submitting…" /> : null}
            Submit
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
