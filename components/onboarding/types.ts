import type { ProfileStep } from "@/lib/constants";

/** What the wizard reads of the expert's own profile (the service's ExpertProfile fits it). */
export type OnboardingProfile = {
  updatedAt: string;
  roleTitle: string | null;
  organizationName: string | null;
  state: string | null;
  availabilityStatus: string;
  timeZone: string;
  linkedinUrl: string | null;
  linkedinHeadline: string | null;
  yearsInRole: number | null;
  expertiseTags: string[];
  tools: string[];
  districtType: string | null;
  districtSizeBand: string | null;
  urbanicity: string | null;
  researchTypes: string[];
  interviewPreferences: string[];
  availabilityHours: Record<string, string[]>;
  maxHoursPerWeek: number;
  isPublicProfile: boolean;
  showOrganization: boolean;
  showExperience: boolean;
  showRates: boolean;
  showContactInfo: boolean;
  preferredPaymentMethod: string | null;
  paymentDetails: {
    bankName: string | null;
    accountHolder: string | null;
    routingNumberLast4: string | null;
    accountNumberLast4: string | null;
    paypalEmail: string | null;
    venmoUsername: string | null;
    zelleEmail: string | null;
  };
  hourlyRateMin: number | null;
  hourlyRateMax: number | null;
  w9Consent: boolean;
  pulseScores: Record<string, number> | null;
  improvementAreas: string[];
  additionalNotes: string | null;
  profileSteps: Record<ProfileStep, boolean>;
  completedSteps: number;
  nextStep: ProfileStep | null;
};

export type Values = Record<string, unknown>;
export type Errors = Record<string, string[] | undefined>;
