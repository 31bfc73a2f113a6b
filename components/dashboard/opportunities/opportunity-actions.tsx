import { Button } from "@/components/ui/button";
import { ApplyButton } from "@/components/dashboard/opportunities/apply-button";
import { ScreenerDialog } from "@/components/dashboard/opportunities/screener-dialog";
import { InviteActions } from "@/components/dashboard/opportunities/invite-actions";
import { PickTimeDialog } from "@/components/dashboard/opportunities/pick-time-dialog";
import { RescheduleDialog } from "@/components/dashboard/opportunities/reschedule-dialog";
import { CancelEngagementDialog } from "@/components/dashboard/opportunities/cancel-engagement-dialog";
import { DeclinePaymentDialog } from "@/components/dashboard/opportunities/decline-payment-dialog";
import { ClientNoShowDialog } from "@/components/dashboard/opportunities/client-no-show-dialog";
import { SurveyCodeDialog } from "@/components/dashboard/opportunities/survey-code-dialog";
import { StartSurveyLink } from "@/components/dashboard/opportunities/start-survey-link";
import { ChooseSeatDialog, LeaveWaitlistButton, SeatOfferActions } from "@/components/dashboard/opportunities/seat-actions";
import { hasStarted, mayTransition } from "@/lib/engagements/states";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import { NO_SHOW_CLAIM_DAYS } from "@/lib/money/policy";
import type { OpportunityItem } from "@/lib/engagements/view-types";
import { perUnit } from "@/lib/vocabulary/studies";
import { ConsentPrompt, consentHolds } from "@/components/study-consent/consent-prompt";
import { ConsentLinks } from "@/components/study-consent/consent-links";

/**
 * The buttons a card offers, chosen by the engagement's state and asked of the state machine
 * (lib/engagements/states.ts), so a button shows only when the expert may make that move.
 * Each interactive button is its own small client island; the rest is server-rendered.
 */
export function OpportunityActions({ item, timeZone, now }: { item: OpportunityItem; timeZone: string; now: Date }) {
  const { engagementId, state, origin } = item;
  // The amount this engagement pays (or, before applying, the one the application will keep).
  const pay = formatMoney(item.compensationCents);
  const per = perUnit(item.format);
  // The study's own consent holds back each start step until its current version is signed.
  const held =
    consentHolds(item.consent) && item.projectId ? (
      <ConsentPrompt key="consent" projectId={item.projectId} needed={item.consent.needed} title={item.title} />
    ) : null;
  if (!engagementId || !state || !origin) {
    if (held) return held;
    return item.screener?.length ? (
      <ScreenerDialog
        opportunityId={item.id}
        title={item.title}
        pay={pay}
        questions={item.screener}
        per={per}
        districtCheck={!!item.district?.notOnFile}
      />
    ) : (
      <ApplyButton opportunityId={item.id} title={item.title} pay={pay} per={per} districtCheck={!!item.district?.notOnFile} />
    );
  }
  if (state === "applied") {
    return (
      <Button size="sm" variant="secondary" disabled>
        Application Pending
      </Button>
    );
  }
  if (mayTransition("accept", state, origin, "expert", item.format))
    return (
      <div className="grid gap-3">
        {held}
        <InviteActions engagementId={engagementId} title={item.title} pay={pay} per={per} districtCheck={!!item.district?.notOnFile} />
      </div>
    );

  const may = (t: "schedule" | "reschedule" | "cancel" | "submit") => mayTransition(t, state, origin, "expert", item.format);
  const when = item.session ? formatDateTime(item.session.startsAt, timeZone, { weekday: true }) : null;
  // A focus group's seat-holder gives up their seat, not the group.
  const place = item.focusGroup?.place?.kind;
  const heldSeat = place === "seat" || place === "backup" ? place : null;
  // After the start a session can only end: completed (by the client), a no-show, or a dispute.
  const started = state === "scheduled" && hasStarted(item.session, now);
  // Only the client records attendance; the expert may report that the client missed the session, once.
  const reported = item.history.some((h) => h.kind === "client_no_show_reported");
  const reportable =
    (state === "scheduled" || state === "no_show") &&
    item.format !== "survey" &&
    hasStarted(item.session, now) &&
    now.getTime() - new Date(item.session!.startsAt).getTime() <= NO_SHOW_CLAIM_DAYS * 86_400_000;
  const buttons = [
    held,
    may("submit") && !held ? <StartSurveyLink key="start" engagementId={engagementId} started={!!item.survey?.startedAt} /> : null,
    may("submit") ? <SurveyCodeDialog key="code" engagementId={engagementId} title={item.title} /> : null,
    ...(held ? [] : seatButtons(item, timeZone)),
    may("schedule") && !item.session && !held ? (
      <PickTimeDialog key="pick" engagementId={engagementId} title={item.title} proposals={item.proposals} timeZone={timeZone} />
    ) : null,
    may("reschedule") && !started ? (
      <RescheduleDialog key="reschedule" engagementId={engagementId} title={item.title} proposals={item.proposals} timeZone={timeZone} />
    ) : null,
    reportable && !reported ? <ClientNoShowDialog key="no-show" engagementId={engagementId} title={item.title} /> : null,
    reportable && reported && !item.history.some((h) => h.kind.startsWith("no_show_report_")) ? (
      <p key="reported" className="text-sm text-muted-foreground" data-testid="no-show-reported">
        You reported that the client did not attend: our team will decide and tell you both.
      </p>
    ) : null,
    may("cancel") && !started ? (
      <CancelEngagementDialog key="cancel" engagementId={engagementId} title={item.title} when={when} seat={heldSeat} />
    ) : null,
    (state === "accepted" || state === "scheduled") && !item.declinePayment ? (
      <DeclinePaymentDialog key="decline-payment" engagementId={engagementId} title={item.title} />
    ) : null,
    item.consent?.signatureId && !item.consent.withdrawn ? (
      <ConsentLinks key="consent-links" engagementId={engagementId} signatureId={item.consent.signatureId} title={item.title} />
    ) : null,
  ].filter(Boolean);
  return buttons.length ? <div className="flex flex-wrap gap-2">{buttons}</div> : null;
}

/**
 * A focus group's buttons for the expert's place: take the seat held for them (or let it go),
 * choose a session's seat, backup seat or waitlist, or leave the waitlist. The Overview's
 * "Seats to choose" shows the same ones.
 */
export function seatButtons(item: OpportunityItem, timeZone: string) {
  const fg = item.focusGroup;
  const { engagementId, state, origin } = item;
  if (!fg || !engagementId || !state || !origin) return [];
  const may = (t: "take_seat" | "leave_waitlist") => mayTransition(t, state, origin, "expert", item.format);
  const place = fg.place;
  const offer = place?.kind === "waitlist" && place.offeredUntil ? place : null;
  // The sessions to choose from: every upcoming one but the one whose line the expert is in.
  const choices = fg.sessions
    .filter((s) => s.id !== place?.studySessionId)
    .map(({ id, seats, seatsLeft, backupSeats, backupLeft, waiting, startsAt }) => ({
      id,
      seats,
      seatsLeft,
      backupSeats,
      backupLeft,
      waiting,
      when: formatDateTime(startsAt, timeZone, { weekday: true }),
    }));
  return [
    may("take_seat") && offer ? (
      <SeatOfferActions
        key="offer"
        engagementId={engagementId}
        studySessionId={offer.studySessionId}
        when={formatDateTime(offer.startsAt, timeZone, { weekday: true })}
      />
    ) : null,
    may("take_seat") && !offer && choices.length > 0 ? (
      <ChooseSeatDialog
        key="choose-seat"
        engagementId={engagementId}
        title={item.title}
        backupFee={formatMoney(fg.backupFeeCents)}
        moving={place?.kind === "waitlist"}
        sessions={choices}
      />
    ) : null,
    may("leave_waitlist") && place?.kind === "waitlist" && !offer ? <LeaveWaitlistButton key="leave" engagementId={engagementId} /> : null,
  ];
}
