import type { EngagementIncentive } from "@/lib/engagements/incentive-choice";
import type { EngagementOrigin, EngagementState, OpportunityType } from "@/lib/generated/prisma/enums";
import type { PublicScreenerQuestion } from "@/lib/engagements/screener";
import type { SlotView } from "@/lib/experts/views";
import type { StudyFormat } from "@/lib/vocabulary/studies";
import type { ConsentCardFacts } from "@/lib/engagements/consent/status";

// The shapes services hand to pages and components, so a service and the component that shows
// its result share one type.

/** The expert's own calendar also says whether a slot is still free (a booked one is not). */
export type CalendarSlotView = SlotView & { isAvailable: boolean };
/** One month of the expert's availability calendar ("YYYY-MM"), with today and the zone it is read in. */
export type CalendarMonthView = {
  month: string;
  today: string;
  timeZone: string;
  slots: CalendarSlotView[];
  /** The weekly hours ({ monday: ["16:00"] }, in timeZone) that repeat every week. */
  weeklyHours: Partial<Record<string, string[]>>;
};

/** One card of the dashboard's Open / Invited / Scheduled tabs. */
/** A session's time and who agreed it: a proposed new time waits for the other side (lib/engagements/states.ts awaitedSide). */
export type SessionTimes = {
  startsAt: Date;
  agreedAt: Date | null;
  proposedStartsAt: Date | null;
  proposedBy: string | null;
  proposedReason: string | null;
};

export type OpportunityItem = {
  /** The opportunity (listing) id: what Apply sends. */
  id: string;
  /** The expert's district's standing with this study, when their school e-mail names a district. */
  district?: DistrictCardFacts | null;
  /** The client project behind the listing (a new-study notice links to it), if any. */
  projectId: string | null;
  title: string;
  clientOrganization: string;
  description: string;
  compensationCents: number;
  opportunityType: OpportunityType;
  estimatedDurationMinutes: number;
  locationType: string;
  deadline: Date | null;
  /** The expert's engagement in it, if any. */
  engagementId: string | null;
  state: EngagementState | null;
  origin: EngagementOrigin | null;
  inviteMessage: string | null;
  /** The relationship the expert declared that matched this client, or null. */
  conflictNote: string | null;
  /** The expert declined payment for this engagement (public-employee rules). */
  declinePayment: boolean;
  /** The questions to answer when applying (Open items with a screener). */
  screener: PublicScreenerQuestion[] | null;
  /** Times the client proposed (accepted, not yet scheduled). */
  proposals: { id: string; startsAt: Date; duringSchool: boolean }[];
  session: SessionView | null;
  /** The client's name and organization, once accepted. */
  counterpart: { name: string; organization: string } | null;
  history: EngagementEventView[];
  format: StudyFormat;
  /** A survey's places and pay at each end, and where the expert's own place is; null for other formats. */
  survey: SurveyCardFacts | null;
  /** A focus group's sessions with the seats each has left, and the expert's own place; null for other formats. */
  focusGroup: FocusGroupCardFacts | null;
  /** Messages from the client the expert has not read yet (0 before the expert has an engagement). */
  unreadMessages: number;
  /** The study's own consent form, when it has one: a signature still needed, the receipt, a withdrawal. */
  consent: ConsentCardFacts | null;
  /** Pay, donate or decline for the expert's engagement, and the district's gift limit when this pay would pass it. */
  incentive?: EngagementIncentive | null;
};

/** A focus-group session as an expert chooses among them. */
export type SessionChoice = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  seats: number;
  backupSeats: number;
  seatsLeft: number;
  backupLeft: number;
  waiting: number;
};

/** One engagement's place in a focus group as both sides read it: "Seat 3 of 6", "Backup seat 1 of 2", or its line in the waitlist. */
export type PlaceView = {
  studySessionId: string;
  startsAt: Date;
  kind: "seat" | "backup" | "waitlist";
  label: string;
  /** 1 for the first person waiting; null for a seat. */
  position: number | null;
  /** Until when a freed seat is held for this person on the waitlist; null when none is. */
  offeredUntil: Date | null;
};

export type FocusGroupCardFacts = {
  /** The sessions not yet started, soonest first. */
  sessions: SessionChoice[];
  /** The expert's seat, backup seat or waitlist place, with an offer's end. */
  place: PlaceView | null;
  backupFeeCents: number;
};

export type SurveyCardFacts = {
  placesLeft: number;
  target: number;
  /** Shown once enough responses are in to say something (MEDIAN_SHOWN_TO_EXPERTS_FROM). */
  medianMinutes: number | null;
  screenOutCents: number;
  overQuotaCents: number;
  startedAt: Date | null;
  submittedAt: Date | null;
  /** When the response's review window ends (its pay is approved then at the latest). */
  reviewUntil: Date | null;
};

/** The expert's district and the study: approved until a date, or a policy not on file (the expert checks it and attests). */
export type DistrictCardFacts = { approved: string | null; notOnFile: boolean };

export type OpportunityBoard = {
  open: OpportunityItem[];
  invited: OpportunityItem[];
  scheduled: OpportunityItem[];
  /** Why the expert cannot apply yet (pending or rejected profile), or null. */
  notice: string | null;
  /**
   * The studies nobody has answered come a page at a time (lib/engagements/open-board.ts): how
   * many the Open list holds (the expert's applications and the studies matching the filters),
   * and the tokens of the pages either side. Null when the board was read without them.
   */
  openPage: { total: number; after: string | null; before: string | null } | null;
};

/** One entry of the history both sides read. */
export type EngagementEventView = {
  id: string;
  kind: string;
  side: string;
  actorName: string | null;
  fromState: EngagementState | null;
  toState: EngagementState;
  reason: string | null;
  at: Date;
};
/** A scheduled session as either side reads it. */
export type SessionView = SessionTimes & {
  id: string;
  endsAt: Date;
  meetingUrl: string | null;
  status: string;
  /** The meeting's host address (Zoom's start link), on the client side's views only, where the provider gives one. */
  hostUrl?: string | null;
  /** How to join by telephone, where the provider gives it. */
  dialIn?: string | null;
};
