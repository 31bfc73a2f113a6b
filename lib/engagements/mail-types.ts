// The kinds of engagement e-mail and the facts each is written from (mail.ts composes them; the
// copy of each kind is a table entry in mail-copy/).

export type EngagementMailKind =
  | "invited"
  | "applied"
  | "accepted"
  | "declined"
  | "proposed"
  | "scheduled"
  | "rescheduled"
  /** A new time one side proposed for a scheduled session (the current time stands until accepted). */
  | "time_proposed"
  /** The proposed new time was not taken: the current time stands. */
  | "time_kept"
  /** The client confirmed a time the expert set alone less than 24 hours ahead. */
  | "time_confirmed"
  /** The expert set a time less than 24 hours ahead: it waits for the client's confirmation. */
  | "confirm_time"
  | "cancelled"
  | "completed"
  | "no_show"
  /** An admin found that the client did not attend (kept for notices sent before experts reported instead). */
  | "client_no_show"
  /** The expert reported that the client did not run the session: an admin decides (to the client). */
  | "client_no_show_reported"
  /** An admin decided the expert's report (to both sides; `resolvedFor`). */
  | "no_show_report_resolved"
  /** Focus groups: the client corrected the expert's attendance mark (reason = "Attended → No-show"). */
  | "attendance_corrected"
  | "meeting_link"
  /** The product's video meeting was made after the booking (a remote provider's, from its job): the link, and the host address and dial-in where the provider gives them. */
  | "meeting_ready"
  | "reminder_24h"
  | "reminder_1h"
  | "project_closed"
  /** The study's district research office declined it: the expert's invitation or application ended (reason = the office's). */
  | "district_declined"
  /** The expert withdrew their consent to the study (to the client; reason = their participant id, when they have one). */
  | "consent_withdrawn"
  /** Money (lib/money/earnings.ts): the earning left quality review, the client disputed it, an admin decided. */
  | "released"
  | "disputed"
  | "dispute_resolved"
  /** Not an engagement yet: a new open project that fits the expert (reason = its summary line). */
  | "new_project"
  /** Surveys: a response arrived (to the client), or the survey's screen-out or over-quota end did. */
  | "submitted"
  | "survey_screened_out"
  | "survey_over_quota"
  /** Surveys: the client approved a response early, or rejected it with a reason. */
  | "approved"
  | "rejected"
  /** The client paid the expert a bonus (reason = the amount). */
  | "bonus"
  /** Focus groups (reason = the place, e.g. "Seat 3 of 6"): the expert took a seat, or joined or left the session's waitlist. */
  | "seated"
  | "waitlisted"
  | "left_waitlist"
  /** Focus groups: a freed seat is held for the first expert on the waitlist until `offerUntil`; a reminder; the offer lapsed. */
  | "seat_offered"
  | "seat_offer_reminder"
  | "seat_offer_lapsed"
  /** Focus groups: a backup seat kept free and not needed (reason = the backup fee). */
  | "backup_released"
  /** Focus groups: the session took place with every seat filled, so the expert's waitlist place ended. */
  | "waitlist_ended"
  /** Focus groups: the client added a session, to an expert accepted without a seat yet (reason = its time). */
  | "session_added";

export type EngagementMailContext = {
  recipientFirstName: string;
  projectTitle: string;
  /** The other side's display: for an expert recipient the client organization, for a client the expert's full name. */
  counterpart: string;
  /** The session time already formatted in the recipient's zone with the zone named, e.g. "Tue, Dec 1, 2026, 3:30 PM CST"; null when there is none. */
  when: string | null;
  /** A proposed new time, formatted like `when`; null when none is waiting. */
  proposedWhen?: string | null;
  reason: string | null;
  /** Absolute URL of the page where the recipient acts (dashboard or /client/projects/{id}). */
  link: string;
  meetingUrl: string | null;
  /** The meeting's host address (Zoom's start link), for the client's copy only; null when the provider gives none. */
  hostUrl?: string | null;
  /** How to join by telephone (number and code), when the provider gives one. */
  dialIn?: string | null;
  /** Whether the event was a late cancel (client, < 24 h before) – mention it in the client's copy. */
  lateCancel?: boolean;
  /** For dispute_resolved: who the admin decided for. */
  resolvedFor?: "expert" | "client";
  /**
   * Which side reads the mail. Kinds that can go either way (accepted, declined, cancelled) are
   * worded for that side when it is given, and in words that fit both when it is not.
   */
  recipient?: "expert" | "client";
  /** The study is a survey: it is answered on the expert's own time, so no session time is agreed. */
  survey?: boolean;
  /** The study is a focus group: its times are its sessions', and the expert takes a seat in one. */
  focusGroup?: boolean;
  /** Until when a freed focus-group seat is held for the recipient, formatted like `when`. */
  offerUntil?: string | null;
};
