import { ApproveResponsesButton, RejectResponseDialog } from "@/components/client/survey-review-actions";
import { formatDateTime } from "@/lib/platform/format";
import type { PipelineEngagement } from "@/lib/engagements/views";
import type { EarningView } from "@/lib/money/earnings";

// The parts of a pipeline card only a survey place has: its participant id, where the response
// is, and the client's review of it.

/** The id the client's own survey tool received for this place (and that a bonus list may name). */
export function SurveyParticipantId({ participantId }: { participantId: string }) {
  return (
    <p className="text-xs text-muted-foreground">
      Participant id{" "}
      <span className="font-mono text-foreground select-all" data-testid="participant-id">
        {participantId}
      </span>
    </p>
  );
}

/** When the expert opened the survey and when the response arrived. */
export function SurveyPlace({ e, zone }: { e: PipelineEngagement; zone: string }) {
  if (e.state !== "accepted" && !e.submittedAt) return null;
  return (
    <p data-testid="survey-place">
      {e.surveyStartedAt ? <>Started {formatDateTime(e.surveyStartedAt, zone)}</> : "Not started yet"}
      {e.submittedAt && <> · submitted {formatDateTime(e.submittedAt, zone)}</>}
    </p>
  );
}

/** Approve or reject a submitted response, unless its pay is in dispute. */
export function SurveyReview({ e, earning }: { e: PipelineEngagement; earning: EarningView | null }) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Review the response of ${e.expert.name}`}>
      {earning?.state !== "disputed" && <ApproveResponsesButton engagementIds={[e.id]} label="Approve" />}
      {earning?.state !== "disputed" && (
        <RejectResponseDialog engagementId={e.id} expertName={e.expert.name} participantId={e.participantId} />
      )}
    </div>
  );
}
