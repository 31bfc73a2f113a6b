import { formatDateIn } from "@/lib/platform/format";

// Scores as a small description list, server-rendered: a rating one side gave, or an average.

export type ScoreRow = { label: string; value: number };

export function RatingScores({ title, scores, testId }: { title: string; scores: ScoreRow[]; testId?: string }) {
  return (
    <div className="grid gap-1" data-testid={testId}>
      <p className="text-xs font-medium text-muted-foreground">{title}</p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1">
        {scores.map((s) => (
          <div key={s.label} className="flex gap-1">
            <dt>{s.label}</dt>
            <dd className="font-medium">{Number.isInteger(s.value) ? s.value : s.value.toFixed(1)}/5</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** What a side reads about the other side's rating: it, a "hidden until" line, or nothing yet. */
export function TheirRating({
  who,
  scores,
  hidden,
  revealsAt,
  timeZone,
}: {
  who: string;
  scores: ScoreRow[] | null;
  hidden: boolean;
  revealsAt: Date | null;
  timeZone: string;
}) {
  if (scores) return <RatingScores title={`${who}'s rating of you`} scores={scores} testId="their-rating" />;
  if (hidden) {
    return (
      <p className="text-muted-foreground" data-testid="their-rating-hidden">
        {who} has rated you. You see it once you rate them{revealsAt ? `, or from ${formatDateIn(revealsAt, timeZone)}` : ""}.
      </p>
    );
  }
  return null;
}

type Scores = Record<string, unknown>;
const rowsOf = (dims: readonly { key: string; label: string }[], s: Scores): ScoreRow[] =>
  dims.map((d) => ({ label: d.label, value: Number(s[d.key] ?? 0) }));

/**
 * One completed engagement's ratings as either side reads them: their own rating (or the Rate
 * button), then the other side's once visible. `mineDims`/`theirDims` name the scores.
 */
export function EngagementRatings({
  mine,
  theirs,
  theirsHidden,
  revealsAt,
  mineDims,
  theirDims,
  otherName,
  note,
  rateButton,
  timeZone,
}: {
  mine: Scores | null;
  theirs: Scores | null;
  theirsHidden: boolean;
  revealsAt: Date | null;
  mineDims: readonly { key: string; label: string }[];
  theirDims: readonly { key: string; label: string }[];
  otherName: string;
  /** The client's own private note (never passed on the expert's side). */
  note?: string | null;
  rateButton: React.ReactNode;
  /** The reader's zone: the day the rating is revealed is the day there. */
  timeZone: string;
}) {
  return (
    <div className="grid gap-2" data-testid="engagement-ratings">
      {mine ? (
        <>
          <RatingScores title={`Your rating of ${otherName}`} scores={rowsOf(mineDims, mine)} testId="my-rating" />
          {note && <p className="text-muted-foreground">Your private note: {note}</p>}
        </>
      ) : (
        rateButton
      )}
      <TheirRating
        who={otherName}
        scores={theirs ? rowsOf(theirDims, theirs) : null}
        hidden={theirsHidden}
        revealsAt={revealsAt}
        timeZone={timeZone}
      />
    </div>
  );
}
