"use client";

import { AnswerButtons } from "@/components/client/engagement-actions/answer-buttons";
import { ProposeTimes } from "@/components/client/engagement-actions/propose-times";
import { MeetingLinkForm } from "@/components/client/engagement-actions/meeting-link-form";
import { ClientRescheduleDialog } from "@/components/client/engagement-actions/client-reschedule-dialog";
import { CancelDialog } from "@/components/client/engagement-actions/cancel-dialog";
import { AfterSessionButtons } from "@/components/client/engagement-actions/after-session-buttons";
import { meetingLinkAction } from "@/lib/engagements/actions/engagements";

// What the client can do with one engagement of the pipeline, by state. The pipeline view model
// decides which transitions the state machine allows (lib/engagements/pipeline-rules.ts); the service checks again. Every failure
// shows the server's own message.

export type EngagementActionsProps = {
  engagementId: string;
  expertName: string;
  /** The client's zone: datetime inputs are read in it and times are shown in it. */
  timeZone: string;
  allowed: { answer: boolean; propose: boolean; reschedule: boolean; meetingLink: boolean; cancel: boolean; complete: boolean };
  session: { startsAt: string; agreedAt: string | null; meetingUrl: string | null } | null;
  /** The session's start has passed (Mark completed and No-show show from then on; no new time, no cancel). */
  started: boolean;
  /** What completing this engagement bills, in cents (0 when the expert declined payment): the completion and late-cancel dialogs quote it. */
  incentiveCents: number;
  /** Why this expert's incentive cannot be reserved now: Accept is then off, with these words beside it. */
  acceptRefusal?: string | null;
};

/** The client's buttons and forms for one engagement of the pipeline. */
export function EngagementActions({
  engagementId,
  expertName,
  timeZone,
  allowed,
  session,
  started,
  incentiveCents,
  acceptRefusal = null,
}: EngagementActionsProps) {
  const any = allowed.answer || allowed.propose || allowed.meetingLink || allowed.reschedule || allowed.cancel || allowed.complete;
  if (!any) return null;
  return (
    <div className="grid gap-3">
      {allowed.answer && (
        <div className="flex flex-wrap gap-2">
          <AnswerButtons engagementId={engagementId} expertName={expertName} acceptRefusal={acceptRefusal} />
        </div>
      )}
      {allowed.propose && <ProposeTimes engagementId={engagementId} expertName={expertName} timeZone={timeZone} />}
      {allowed.meetingLink && session && (
        <MeetingLinkForm current={session.meetingUrl} save={(meetingUrl) => meetingLinkAction({ engagementId, meetingUrl })} />
      )}
      {(allowed.reschedule || allowed.cancel || allowed.complete) && (
        <div className="flex flex-wrap gap-2">
          {allowed.complete && session && started && (
            <AfterSessionButtons engagementId={engagementId} expertName={expertName} incentiveCents={incentiveCents} />
          )}
          {allowed.reschedule && session && !started && (
            <ClientRescheduleDialog engagementId={engagementId} expertName={expertName} timeZone={timeZone} startsAt={session.startsAt} />
          )}
          {allowed.cancel && !started && (
            <CancelDialog engagementId={engagementId} expertName={expertName} session={session} incentiveCents={incentiveCents} />
          )}
        </div>
      )}
    </div>
  );
}
