import type { VerificationWait } from "@/lib/verification-rules";
import type { EngagementOrigin, EngagementState, OpportunityType, VerificationStatus } from "@/lib/generated/prisma/enums";
import type { PublicScreenerQuestion } from "@/lib/engagements/screener";
import type { ProfileStep } from "@/lib/constants";

// The shapes services hand to pages and components (components never import lib/services),
// so a service and the component that shows its result share one type.

/** What the directory, the client search and the API send to the browser. */
export type DirectoryExpert = {
  id: string;
  firstName: string;
  lastName: string;
  roleTitle: string | null;
  organizationName: string | null;
  department: string | null;
  state: string | null;
  districtType: string | null;
  districtSize: string | null;
  urbanicity: string | null;
  availabilityStatus: string;
  verificationStatus: string;
  linkedinVerified: boolean;
  tags: string[];
  toolsPlatforms: string[];
  /** Dollars; null when unknown or hidden (show_rates false). */
  hourlyRateMin: number | null;
  hourlyRateMax: number | null;
  yearsExperience: number | null;
  bio: string | null;
  pulseScore: number | null;
  createdAt: string;
};

/** One expert as the admin review screen shows it: every field, e-mail included, payment numbers as last 4 only. */
export type AdminExpertView = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  roleTitle: string | null;
  organizationName: string | null;
  organizationType: string | null;
  department: string | null;
  state: string | null;
  city: string | null;
  zipCode: string | null;
  countryCode: string | null;
  phone: string | null;
  bio: string | null;
  verificationStatus: VerificationStatus;
  linkedinVerified: boolean;
  linkedinUrl: string | null;
  linkedinHeadline: string | null;
  yearsExperience: number | null;
  tags: string[];
  toolsPlatforms: string[];
  districtType: string | null;
  districtSize: string | null;
  urbanicity: string | null;
  purchaseInfluence: string | null;
  /** Conflict-of-interest declarations: employer, vendor relationships, purchasing role. */
  employerName: string | null;
  employerDomain: string | null;
  declaredRelationships: { name: string; domain: string | null }[];
  researchTypes: string[];
  interviewPreferences: string[];
  availabilityStatus: string;
  availabilityHours: Record<string, string[]>;
  maxHoursPerWeek: number;
  timeZone: string;
  isPublicProfile: boolean;
  showOrganization: boolean;
  showExperience: boolean;
  showContactInfo: boolean;
  showRates: boolean;
  hourlyRateMinCents: number | null;
  hourlyRateMaxCents: number | null;
  preferredPaymentMethod: string | null;
  bankName: string | null;
  accountHolder: string | null;
  routingNumberLast4: string | null;
  accountNumberLast4: string | null;
  paypalEmail: string | null;
  venmoUsername: string | null;
  zelleEmail: string | null;
  w9Consent: boolean;
  profileSteps: Record<ProfileStep, boolean>;
  pulseScores: [string, number][];
  pulseScore: number | null;
  improvementAreas: string[];
  additionalNotes: string | null;
  createdAt: Date;
};

/** A row of the admin expert table. */
export type AdminExpertRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  roleTitle: string | null;
  state: string | null;
  verificationStatus: VerificationStatus;
  linkedinVerified: boolean;
  createdAt: Date;
  /** A pending verification with its LinkedIn step done: how long it has waited for an admin. */
  wait: VerificationWait | null;
};

export type ImpactView = {
  projectsCompleted: number;
  hoursContributed: number;
  /** Average client rating (one decimal), or null when no completed work was rated. */
  satisfaction: number | null;
  ratedCount: number;
  monthlyGoal: number;
  completedThisMonth: number;
  topicsInfluenced: string[];
  recognition: { type: OpportunityType; count: number }[];
  recentAchievement: { title: string; clientOrganization: string; completedAt: Date | null } | null;
};

/** One of the signed-in person's live sessions on the security page (times as ISO strings). */
export type ActiveSessionRow = {
  id: string;
  kind: "browser" | "api";
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  ipAddress: string | null;
  current: boolean;
};

/** One row of the header's notifications menu (the signed-in person's own). */
export type NotificationItem = {
  id: string;
  kind: string;
  title: string;
  body: string;
  /** An in-app path. */
  href: string;
  readAt: Date | null;
  createdAt: Date;
};

/** An availability slot as the browser gets it: a day and wall-clock times in the slot's zone. */
export type SlotView = { id: string; date: string; startTime: string; endTime: string; timezone: string };

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
  session: (SessionTimes & { id: string; endsAt: Date; meetingUrl: string | null; status: string }) | null;
  /** The client's name and organisation, once accepted. */
  counterpart: { name: string; organization: string } | null;
  history: {
    id: string;
    kind: string;
    side: string;
    actorName: string | null;
    fromState: EngagementState | null;
    toState: EngagementState;
    reason: string | null;
    at: Date;
  }[];
};

export type OpportunityBoard = {
  open: OpportunityItem[];
  invited: OpportunityItem[];
  scheduled: OpportunityItem[];
  /** Why the expert cannot apply yet (pending or rejected profile), or null. */
  notice: string | null;
};
