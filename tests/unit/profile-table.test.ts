import { describe, expect, it } from "vitest";
import { signupUpsertSchema } from "@/lib/experts/schemas/onboarding";
import { ONBOARDING_MESSAGES, isValidAbaRoutingNumber } from "@/lib/experts/profile/rules";
import { PROFILE_TABLE, draftRuleOf, stepSubmissionSchema } from "@/lib/experts/profile/table";
import { PROFILE_STEPS } from "@/lib/accounts/constants";
import { Prisma } from "@/lib/generated/prisma/client";
import { pulseScoreOf } from "@/lib/experts/profile/steps/pulse";
import { formatClockTime } from "@/lib/platform/format";
import { AVAILABILITY_SLOTS } from "@/lib/vocabulary/time";
import { pulseLevel } from "@/lib/vocabulary/research";

const {
  basics: { schema: basicsSchema },
  linkedin: { schema: linkedinSchema },
  expertise: { schema: expertiseSchema },
} = PROFILE_TABLE;
const {
  preferences: { schema: preferencesSchema },
  payments: { schema: paymentsSchema },
  pulse: { schema: pulseSchema },
} = PROFILE_TABLE;

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

describe("basics", () => {
  const ok = {
    roleTitle: "principal",
    organizationName: "  Lincoln USD ",
    state: "CA",
    availabilityStatus: "available",
    timeZone: "America/Chicago",
  };
  it("accepts a full step, trims, and defaults the time zone to America/New_York", () => {
    expect(basicsSchema.parse(ok).organizationName).toBe("Lincoln USD");
    const { timeZone: _tz, ...rest } = ok;
    void _tz;
    expect(basicsSchema.parse(rest).timeZone).toBe("America/New_York");
  });
  it("requires role/title, organization and state", () => {
    const m = messages(basicsSchema.safeParse({}));
    expect(m).toContain("roleTitle: Role/title is required");
    expect(m).toContain("organizationName: Organization is required");
    expect(m).toContain("state: State is required");
    expect(messages(basicsSchema.safeParse({ ...ok, organizationName: "   " }))).toContain("organizationName: Organization is required");
  });
  it("refuses values outside the choice lists", () => {
    expect(basicsSchema.safeParse({ ...ok, roleTitle: "king" }).success).toBe(false);
    expect(basicsSchema.safeParse({ ...ok, state: "ZZ" }).success).toBe(false);
    expect(basicsSchema.safeParse({ ...ok, availabilityStatus: "busy" }).success).toBe(false);
    expect(basicsSchema.safeParse({ ...ok, timeZone: "Europe/Paris" }).success).toBe(false);
    for (const tz of [
      "America/New_York",
      "America/Chicago",
      "America/Denver",
      "America/Los_Angeles",
      "America/Anchorage",
      "Pacific/Honolulu",
    ]) {
      expect(basicsSchema.safeParse({ ...ok, timeZone: tz }).success).toBe(true);
    }
  });
});

describe("linkedin", () => {
  it.each(["https://linkedin.com/in/maria-gonzalez", "https://www.linkedin.com/in/maria_g/", "http://linkedin.com/in/abc123"])(
    "accepts %s",
    (url) => expect(linkedinSchema.safeParse({ linkedinUrl: url }).success).toBe(true),
  );
  it.each([
    "linkedin.com/in/maria",
    "https://linkedin.com/company/acme",
    "https://evil.com/in/maria",
    "https://linkedin.com/in/",
    "https://linkedin.com/in/maria/extra",
    "",
  ])("refuses %j with the exact message", (url) => {
    expect(messages(linkedinSchema.safeParse({ linkedinUrl: url }))).toEqual([`linkedinUrl: ${ONBOARDING_MESSAGES.linkedinUrl}`]);
  });
  it("headline is optional, at most 300 characters", () => {
    expect(linkedinSchema.parse({ linkedinUrl: "https://linkedin.com/in/a" }).linkedinHeadline).toBeNull();
    expect(linkedinSchema.safeParse({ linkedinUrl: "https://linkedin.com/in/a", linkedinHeadline: "x".repeat(301) }).success).toBe(false);
  });
});

describe("expertise", () => {
  const ok = {
    yearsExperience: 12,
    tags: ["Literacy", "STEM"],
    toolsPlatforms: ["Canvas"],
    districtType: "public",
    districtSize: "very-large",
    urbanicity: "rural",
  };
  it("years of experience 0 to 50, whole numbers", () => {
    expect(expertiseSchema.safeParse({ ...ok, yearsExperience: 0 }).success).toBe(true);
    expect(expertiseSchema.safeParse({ ...ok, yearsExperience: 50 }).success).toBe(true);
    expect(expertiseSchema.safeParse({ ...ok, yearsExperience: 51 }).success).toBe(false);
    expect(expertiseSchema.safeParse({ ...ok, yearsExperience: -1 }).success).toBe(false);
    expect(expertiseSchema.safeParse({ ...ok, yearsExperience: 2.5 }).success).toBe(false);
    expect(messages(expertiseSchema.safeParse({ ...ok, yearsExperience: undefined }))[0]).toMatch(/^yearsExperience:/);
  });
  it("at least 2 focus areas, trimmed and unique", () => {
    expect(messages(expertiseSchema.safeParse({ ...ok, tags: ["Literacy"] }))).toEqual([`tags: ${ONBOARDING_MESSAGES.focusAreasMin}`]);
    expect(expertiseSchema.parse({ ...ok, tags: [" Literacy ", "STEM "] }).tags).toEqual(["Literacy", "STEM"]);
    expect(messages(expertiseSchema.safeParse({ ...ok, tags: ["STEM", "stem "] }))).toContain("tags: Focus areas must be unique");
    expect(expertiseSchema.safeParse({ ...ok, tags: ["STEM", "  "] }).success).toBe(false);
  });
  it("tools unique, optional; district choices from the spec's lists", () => {
    expect(expertiseSchema.parse({ ...ok, toolsPlatforms: undefined }).toolsPlatforms).toEqual([]);
    expect(expertiseSchema.safeParse({ ...ok, toolsPlatforms: ["Canvas", "canvas"] }).success).toBe(false);
    expect(expertiseSchema.safeParse({ ...ok, districtSize: "huge" }).success).toBe(false);
    expect(expertiseSchema.safeParse({ ...ok, districtType: "ies" }).success).toBe(true);
    expect(expertiseSchema.safeParse({ ...ok, urbanicity: "space" }).success).toBe(false);
    expect(expertiseSchema.parse({ ...ok, districtType: null, urbanicity: undefined }).urbanicity).toBeNull();
  });
});

describe("preferences", () => {
  const ok = { researchTypes: ["online_surveys"], interviewPreferences: ["video_calls"], availabilityStatus: "limited" };
  it("defaults: max hours 5 and the visibility toggles (public, organization, experience, rates on; contact off)", () => {
    expect(preferencesSchema.parse(ok)).toMatchObject({
      maxHoursPerWeek: 5,
      isPublicProfile: true,
      showOrganization: true,
      showExperience: true,
      showRates: true,
      showContactInfo: false,
      availabilityHours: {},
    });
  });
  it("research types and interview preferences are required, from their lists", () => {
    expect(messages(preferencesSchema.safeParse({ ...ok, researchTypes: [] }))).toEqual([
      "researchTypes: Choose at least one research type",
    ]);
    expect(messages(preferencesSchema.safeParse({ ...ok, interviewPreferences: [] }))).toEqual([
      "interviewPreferences: Choose at least one interview preference",
    ]);
    expect(preferencesSchema.safeParse({ ...ok, researchTypes: ["podcasts"] }).success).toBe(false);
    expect(preferencesSchema.safeParse({ ...ok, interviewPreferences: ["carrier_pigeon"] }).success).toBe(false);
    expect(preferencesSchema.safeParse({ ...ok, researchTypes: ["focus_groups", "focus_groups"] }).success).toBe(false);
  });
  it("max hours per week 1 to 20", () => {
    expect(preferencesSchema.safeParse({ ...ok, maxHoursPerWeek: 1 }).success).toBe(true);
    expect(preferencesSchema.safeParse({ ...ok, maxHoursPerWeek: 20 }).success).toBe(true);
    expect(preferencesSchema.safeParse({ ...ok, maxHoursPerWeek: 0 }).success).toBe(false);
    expect(preferencesSchema.safeParse({ ...ok, maxHoursPerWeek: 21 }).success).toBe(false);
  });
  it("availability grid: hourly 8 AM to 8 PM, seven days, deduplicated and sorted", () => {
    expect(AVAILABILITY_SLOTS).toHaveLength(12);
    expect(AVAILABILITY_SLOTS[0]).toBe("08:00");
    expect(AVAILABILITY_SLOTS.at(-1)).toBe("19:00");
    expect(formatClockTime("08:00", "hour")).toBe("8 AM");
    expect(formatClockTime("12:00", "hour")).toBe("12 PM");
    expect(formatClockTime("19:00", "hour")).toBe("7 PM");
    const parsed = preferencesSchema.parse({ ...ok, availabilityHours: { monday: ["10:00", "08:00", "10:00"], sunday: [] } });
    expect(parsed.availabilityHours).toEqual({ monday: ["08:00", "10:00"] });
    expect(preferencesSchema.safeParse({ ...ok, availabilityHours: { monday: ["07:00"] } }).success).toBe(false);
    expect(preferencesSchema.safeParse({ ...ok, availabilityHours: { monday: ["20:00"] } }).success).toBe(false);
    expect(preferencesSchema.safeParse({ ...ok, availabilityHours: { funday: ["08:00"] } }).success).toBe(false);
  });
});

describe("payments", () => {
  const bank = { bankName: "First Bank", accountHolder: "Maria Gonzalez", routingNumber: "021000021", accountNumber: "123456789" };
  const ok = { preferredPaymentMethod: "bank_transfer", paymentDetails: bank, hourlyRateMin: 75, hourlyRateMax: 150, w9Consent: true };
  it("ABA routing checksum", () => {
    expect(isValidAbaRoutingNumber("021000021")).toBe(true);
    expect(isValidAbaRoutingNumber("011000015")).toBe(true);
    expect(isValidAbaRoutingNumber("021000022")).toBe(false);
    expect(isValidAbaRoutingNumber("02100002")).toBe(false);
    expect(isValidAbaRoutingNumber("0210000210")).toBe(false);
    expect(isValidAbaRoutingNumber("02100002a")).toBe(false);
    expect(messages(paymentsSchema.safeParse({ ...ok, paymentDetails: { ...bank, routingNumber: "123456789" } }))).toEqual([
      `paymentDetails.routingNumber: ${ONBOARDING_MESSAGES.routingNumber}`,
    ]);
  });
  it("bank transfer needs bank name and account holder; numbers may be on file", () => {
    const m = messages(paymentsSchema.safeParse({ ...ok, paymentDetails: {} }));
    expect(m).toContain("paymentDetails.bankName: Bank name is required");
    expect(m).toContain("paymentDetails.accountHolder: Account holder is required");
    expect(paymentsSchema.safeParse({ ...ok, paymentDetails: { ...bank, accountNumber: "12" } }).success).toBe(false);
  });
  it("PayPal and Zelle need a valid e-mail; Venmo a username", () => {
    expect(messages(paymentsSchema.safeParse({ ...ok, preferredPaymentMethod: "paypal", paymentDetails: {} }))).toEqual([
      "paymentDetails.paypalEmail: PayPal email is required",
    ]);
    expect(
      messages(paymentsSchema.safeParse({ ...ok, preferredPaymentMethod: "paypal", paymentDetails: { paypalEmail: "nope" } })),
    ).toEqual(["paymentDetails.paypalEmail: Please enter a valid paypal email"]);
    expect(
      paymentsSchema.safeParse({ ...ok, preferredPaymentMethod: "paypal", paymentDetails: { paypalEmail: "m@example.org" } }).success,
    ).toBe(true);
    expect(messages(paymentsSchema.safeParse({ ...ok, preferredPaymentMethod: "zelle", paymentDetails: {} }))).toEqual([
      "paymentDetails.zelleEmail: Zelle email is required",
    ]);
    expect(
      paymentsSchema.safeParse({ ...ok, preferredPaymentMethod: "zelle", paymentDetails: { zelleEmail: "m@example.org" } }).success,
    ).toBe(true);
    expect(messages(paymentsSchema.safeParse({ ...ok, preferredPaymentMethod: "venmo", paymentDetails: {} }))).toEqual([
      "paymentDetails.venmoUsername: Venmo username is required",
    ]);
    expect(
      paymentsSchema.safeParse({ ...ok, preferredPaymentMethod: "venmo", paymentDetails: { venmoUsername: "@maria-g" } }).success,
    ).toBe(true);
    expect(paymentsSchema.safeParse({ ...ok, preferredPaymentMethod: "venmo", paymentDetails: { venmoUsername: "a b" } }).success).toBe(
      false,
    );
    expect(paymentsSchema.safeParse({ ...ok, preferredPaymentMethod: "cash" }).success).toBe(false);
  });
  it("rates: at least 0, steps of 5, min ≤ max", () => {
    expect(paymentsSchema.safeParse({ ...ok, hourlyRateMin: 0, hourlyRateMax: 0 }).success).toBe(true);
    expect(paymentsSchema.safeParse({ ...ok, hourlyRateMin: 100, hourlyRateMax: 100 }).success).toBe(true);
    expect(messages(paymentsSchema.safeParse({ ...ok, hourlyRateMin: -5 }))).toEqual([
      "hourlyRateMin: Minimum hourly rate must be at least 0",
    ]);
    expect(messages(paymentsSchema.safeParse({ ...ok, hourlyRateMin: 72 }))).toEqual([
      "hourlyRateMin: Minimum hourly rate must be in steps of 5",
    ]);
    expect(messages(paymentsSchema.safeParse({ ...ok, hourlyRateMin: 155 }))).toEqual([`hourlyRateMax: ${ONBOARDING_MESSAGES.rateOrder}`]);
  });
  it("W-9 consent is required", () => {
    expect(messages(paymentsSchema.safeParse({ ...ok, w9Consent: false }))).toEqual([`w9Consent: ${ONBOARDING_MESSAGES.w9}`]);
  });
});

describe("pulse", () => {
  it("five areas 1-10, default 5; pulse score = round(avg × 10)", () => {
    const parsed = pulseSchema.parse({});
    expect(parsed.pulseScores).toEqual({
      curriculum_expertise: 5,
      technology_integration: 5,
      student_engagement: 5,
      data_analysis: 5,
      leadership_management: 5,
    });
    expect(pulseScoreOf(parsed.pulseScores)).toBe(50);
    expect(
      pulseScoreOf({
        curriculum_expertise: 10,
        technology_integration: 9,
        student_engagement: 8,
        data_analysis: 7,
        leadership_management: 7,
      }),
    ).toBe(82);
    expect(pulseSchema.safeParse({ pulseScores: { curriculum_expertise: 0 } }).success).toBe(false);
    expect(pulseSchema.safeParse({ pulseScores: { curriculum_expertise: 11 } }).success).toBe(false);
    expect(pulseSchema.safeParse({ pulseScores: { curriculum_expertise: 1, leadership_management: 10 } }).success).toBe(true);
  });
  it("labels: 1-2 Beginner, 3-4 Developing, 5-6 Proficient, 7-8 Advanced, 9-10 Expert", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(pulseLevel)).toEqual([
      "Beginner",
      "Beginner",
      "Developing",
      "Developing",
      "Proficient",
      "Proficient",
      "Advanced",
      "Advanced",
      "Expert",
      "Expert",
    ]);
  });
  it("up to 3 improvement areas", () => {
    expect(pulseSchema.safeParse({ improvementAreas: ["data_analysis", "family_engagement", "equity_inclusion"] }).success).toBe(true);
    expect(
      messages(
        pulseSchema.safeParse({ improvementAreas: ["data_analysis", "family_engagement", "equity_inclusion", "assessment_design"] }),
      ),
    ).toEqual(["improvementAreas: Choose at most 3 improvement areas"]);
    expect(pulseSchema.safeParse({ additionalNotes: "x".repeat(2001) }).success).toBe(false);
  });
});

describe("upsert-expert-signup body", () => {
  it("names the missing fields", () => {
    const m = messages(signupUpsertSchema.safeParse({ userId: "nope" }));
    expect(m).toContain("userId: userId must be a UUID");
    expect(m).toContain("orgName: orgName is required");
  });
});

describe("the profile table", () => {
  const columns = new Set<string>(Object.values(Prisma.ExpertScalarFieldEnum));
  /** The one pair whose unit differs (dollars in, cents stored) and the details spread over several columns. */
  const NOT_COLUMNS = ["hourlyRateMin", "hourlyRateMax", "paymentDetails"];

  it("names every field as the expert row's column (the form, the service and the table share the names)", () => {
    for (const step of PROFILE_STEPS) {
      const names = Object.keys(PROFILE_TABLE[step].schema.shape).filter((k) => !NOT_COLUMNS.includes(k));
      expect(
        names.filter((k) => !columns.has(k)),
        step,
      ).toEqual([]);
    }
  });

  it("writes only columns, and each step's defaults have exactly its fields", () => {
    const seal = (secret: string) => ({ sealed: `sealed:${secret}`, last4: secret.slice(-4) });
    for (const step of PROFILE_STEPS) {
      expect(Object.keys(PROFILE_TABLE[step].defaults).sort(), step).toEqual(Object.keys(PROFILE_TABLE[step].schema.shape).sort());
    }
    const expertiseColumns = PROFILE_TABLE.expertise.toColumns(
      expertiseSchema.parse({ yearsExperience: 3, tags: ["A", "B"], districtSize: "very-large" }),
      seal,
    );
    expect(expertiseColumns).toMatchObject({ yearsExperience: 3, tags: ["A", "B"], districtSize: "very_large" });
    const paymentColumns = PROFILE_TABLE.payments.toColumns(
      paymentsSchema.parse({
        preferredPaymentMethod: "bank_transfer",
        paymentDetails: { bankName: "B", accountHolder: "H", routingNumber: "021000021" },
        hourlyRateMin: 75,
        hourlyRateMax: 150,
        w9Consent: true,
      }),
      seal,
    );
    expect(paymentColumns).toMatchObject({
      hourlyRateMinCents: 7500,
      hourlyRateMaxCents: 15000,
      routingNumberEnc: "sealed:021000021",
      routingNumberLast4: "0021",
      w9Consent: true,
    });
    for (const key of Object.keys(paymentColumns)) expect(columns.has(key), key).toBe(true);
  });

  it("a role title is kept as its stored label, whichever spelling came in", () => {
    expect(basicsSchema.parse({ roleTitle: "assistant-principal", organizationName: "X", state: "CA" }).roleTitle).toBe(
      "Assistant Principal",
    );
    expect(basicsSchema.parse({ roleTitle: "Assistant Principal", organizationName: "X", state: "CA" }).roleTitle).toBe(
      "Assistant Principal",
    );
  });

  it("bio and department are optional basics, empty meaning none", () => {
    const parsed = basicsSchema.parse({ roleTitle: "teacher", organizationName: "X", state: "CA", bio: "  ", department: " Science " });
    expect(parsed).toMatchObject({ bio: null, department: "Science" });
    expect(basicsSchema.safeParse({ roleTitle: "teacher", organizationName: "X", state: "CA", bio: "x".repeat(2001) }).success).toBe(false);
  });

  it("autosave's rules are looser only where a draft needs it", () => {
    expect(draftRuleOf("expertise", "tags")?.safeParse(["One"]).success).toBe(true);
    expect(expertiseSchema.shape.tags.safeParse(["One"]).success).toBe(false);
    expect(draftRuleOf("payments", "w9Consent")?.parse(null)).toBe(false);
    expect(draftRuleOf("linkedin", "linkedinUrl")?.safeParse("nope").success).toBe(false);
    expect(draftRuleOf("linkedin", "nonsense")).toBeUndefined();
  });

  it("the onboarding action's input is a union keyed on the step", () => {
    expect(stepSubmissionSchema.safeParse({ step: "linkedin", values: { linkedinUrl: "https://linkedin.com/in/a" } }).success).toBe(true);
    const wrongStep = stepSubmissionSchema.safeParse({ step: "linkedin", values: { yearsExperience: 3 } });
    expect(wrongStep.success).toBe(false);
    expect(stepSubmissionSchema.safeParse({ step: "nope", values: {} }).success).toBe(false);
    const bad = stepSubmissionSchema.safeParse({ step: "basics", values: { organizationName: "" } });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toContain("values.organizationName");
  });
});
