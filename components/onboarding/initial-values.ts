import type { ProfileStep } from "@/lib/constants";
import { roleTitleValue, MAX_HOURS_DEFAULT, PULSE_DEFAULT, VISIBILITY_DEFAULTS } from "@/lib/validation/onboarding";
import { DEFAULT_TIME_ZONE } from "@/lib/vocabulary/time";
import { PULSE_AREAS } from "@/lib/vocabulary/research";
import type { OnboardingProfile, Values } from "@/components/onboarding/types";

/** A step's form values from the stored profile, with the spec's defaults for what is unset. */
export function initialValuesOf(step: ProfileStep, p: OnboardingProfile | null): Values {
  switch (step) {
    case "basics":
      return {
        roleTitle: roleTitleValue(p?.roleTitle),
        organizationName: p?.organizationName ?? "",
        state: p?.state ?? "",
        availabilityStatus: p?.availabilityStatus === "busy" ? "limited" : (p?.availabilityStatus ?? "available"),
        timeZone: p?.timeZone ?? DEFAULT_TIME_ZONE,
      };
    case "linkedin":
      return { linkedinUrl: p?.linkedinUrl ?? "", linkedinHeadline: p?.linkedinHeadline ?? "" };
    case "expertise":
      return {
        yearsInRole: p?.yearsInRole ?? null,
        expertiseTags: p?.expertiseTags ?? [],
        tools: p?.tools ?? [],
        districtType: p?.districtType ?? null,
        districtSizeBand: p?.districtSizeBand ?? null,
        urbanicity: p?.urbanicity ?? null,
      };
    case "preferences":
      return {
        researchTypes: p?.researchTypes ?? [],
        interviewPreferences: p?.interviewPreferences ?? [],
        availabilityStatus: p?.availabilityStatus === "busy" ? "limited" : (p?.availabilityStatus ?? "available"),
        availabilityHours: p?.availabilityHours ?? {},
        maxHoursPerWeek: p?.maxHoursPerWeek ?? MAX_HOURS_DEFAULT,
        isPublicProfile: p?.isPublicProfile ?? VISIBILITY_DEFAULTS.isPublicProfile,
        showOrganization: p?.showOrganization ?? VISIBILITY_DEFAULTS.showOrganization,
        showExperience: p?.showExperience ?? VISIBILITY_DEFAULTS.showExperience,
        showRates: p?.showRates ?? VISIBILITY_DEFAULTS.showRates,
        showContactInfo: p?.showContactInfo ?? VISIBILITY_DEFAULTS.showContactInfo,
      };
    case "payments":
      return {
        preferredPaymentMethod: p?.preferredPaymentMethod ?? "",
        paymentDetails: {
          bankName: p?.paymentDetails.bankName ?? "",
          accountHolder: p?.paymentDetails.accountHolder ?? "",
          routingNumber: "",
          accountNumber: "",
          paypalEmail: p?.paymentDetails.paypalEmail ?? "",
          venmoUsername: p?.paymentDetails.venmoUsername ?? "",
          zelleEmail: p?.paymentDetails.zelleEmail ?? "",
        },
        hourlyRateMin: p?.hourlyRateMin ?? null,
        hourlyRateMax: p?.hourlyRateMax ?? null,
        w9Consent: p?.w9Consent ?? false,
      };
    case "pulse":
      return {
        pulseScores: p?.pulseScores ?? Object.fromEntries(PULSE_AREAS.map((a) => [a.value, PULSE_DEFAULT])),
        improvementAreas: p?.improvementAreas ?? [],
        additionalNotes: p?.additionalNotes ?? "",
      };
  }
}
