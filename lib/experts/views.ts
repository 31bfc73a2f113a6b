import type { VerificationWait } from "@/lib/experts/verification-rules";
import type { OpportunityType, VerificationStatus } from "@/lib/generated/prisma/enums";
import type { ProfileStep } from "@/lib/accounts/constants";

// The shapes services hand to pages and components, so a service and the component that shows
// its result share one type.

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

/** An availability slot as the browser gets it: a day and wall-clock times in the slot's zone. */
export type SlotView = { id: string; date: string; startTime: string; endTime: string; timezone: string };
