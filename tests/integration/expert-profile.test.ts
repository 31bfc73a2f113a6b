import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { decryptPaymentValue, expertPaymentBinding } from "@/lib/money/payment-data/payment-data";
import {
  getOwnExpertProfile,
  patchOwnProfile,
  saveProfileDraft,
  saveProfileStep,
  saveProfileStepFromApi,
  upsertExpertSignup,
} from "@/lib/experts/expert-profile";
import { loadSessionIdentity } from "@/lib/accounts/sign-in";
import { stepSubmissionSchema } from "@/lib/experts/profile/table";
import { PAYMENT_DETAILS_EMPTY } from "@/lib/experts/profile/steps/payments";
import { createClient, createExpert, createUser, actorFor } from "../factories";

const actorOf = (user: { id: string; email: string }, roles: Actor["roles"] = ["expert"]): Actor =>
  actorFor(user, roles, { onboardingComplete: false });

const STEPS = {
  basics: {
    roleTitle: "principal",
    organizationName: "Lincoln USD",
    state: "CA",
    availabilityStatus: "available",
    timeZone: "America/Los_Angeles",
  },
  linkedin: { linkedinUrl: "https://linkedin.com/in/maria-g", linkedinHeadline: "Principal at Lincoln USD" },
  expertise: {
    yearsExperience: 14,
    tags: ["Literacy", "STEM"],
    toolsPlatforms: ["Canvas"],
    districtType: "public",
    districtSize: "very-large",
    urbanicity: "suburban",
  },
  preferences: {
    researchTypes: ["online_surveys", "focus_groups"],
    interviewPreferences: ["video_calls"],
    availabilityStatus: "limited",
    availabilityHours: { monday: ["09:00", "08:00"] },
    maxHoursPerWeek: 8,
    isPublicProfile: true,
    showOrganization: false,
    showExperience: true,
    showRates: true,
    showContactInfo: false,
  },
  payments: {
    preferredPaymentMethod: "bank_transfer",
    paymentDetails: { bankName: "First Bank", accountHolder: "Maria G", routingNumber: "021000021", accountNumber: "000123456789" },
    hourlyRateMin: 75,
    hourlyRateMax: 150,
    w9Consent: true,
  },
  pulse: {
    pulseScores: { curriculum_expertise: 9, technology_integration: 7, student_engagement: 8, data_analysis: 6, leadership_management: 9 },
    improvementAreas: ["data_analysis"],
    additionalNotes: "Happy to help",
  },
} as const;

/** What the onboarding action hands the service: a step's values, checked by the table's schema. */
const checked = (step: string, values: object) => stepSubmissionSchema.parse({ step, values });

async function freshExpert() {
  const { user, expert } = await createExpert({}, { complete: false });
  return { user, expert, actor: actorOf(user) };
}

describe("expert profile service: steps", () => {
  it("each step writes its fields and its flag; all six complete the onboarding", async () => {
    const { user, actor } = await freshExpert();
    let profile = await saveProfileStep(actor, checked("basics", STEPS.basics));
    expect(profile).toMatchObject({ roleTitle: "Principal", timeZone: "America/Los_Angeles", completedSteps: 1, nextStep: "linkedin" });
    profile = await saveProfileStep(actor, checked("linkedin", STEPS.linkedin));
    expect(profile.linkedinHeadline).toBe("Principal at Lincoln USD");
    profile = await saveProfileStep(actor, checked("expertise", STEPS.expertise));
    expect(profile).toMatchObject({ yearsExperience: 14, tags: ["Literacy", "STEM"], districtSize: "very-large" });
    profile = await saveProfileStep(actor, checked("preferences", STEPS.preferences));
    expect(profile).toMatchObject({ maxHoursPerWeek: 8, showOrganization: false, availabilityHours: { monday: ["08:00", "09:00"] } });
    profile = await saveProfileStep(actor, checked("payments", STEPS.payments));
    expect(profile).toMatchObject({ hourlyRateMin: 75, hourlyRateMax: 150, w9Consent: true });
    expect(profile.paymentDetails).toEqual({
      bankName: "First Bank",
      accountHolder: "Maria G",
      routingNumberLast4: "0021",
      accountNumberLast4: "6789",
      paypalEmail: null,
      venmoUsername: null,
      zelleEmail: null,
      routingNumber: null,
      accountNumber: null, // the form's fields: never filled from what is on file
      checkAddressLine1: null,
      checkAddressLine2: null,
      checkCity: null,
      checkState: null,
      checkZipCode: null,
      useW9Address: false,
    });
    expect(JSON.stringify(profile)).not.toContain("021000021");
    expect(JSON.stringify(profile)).not.toContain("000123456789");
    expect((await loadSessionIdentity(user.id))!.onboardingComplete).toBe(false);
    profile = await saveProfileStep(actor, checked("pulse", STEPS.pulse));
    expect(profile).toMatchObject({ pulseScore: 78, completedSteps: 6, nextStep: null, completeness: 100 });
    expect((await loadSessionIdentity(user.id))!.onboardingComplete).toBe(true);
  });

  it("stores bank numbers encrypted (AES-256-GCM) and keeps them when re-saved blank", async () => {
    const { user, actor } = await freshExpert();
    await saveProfileStep(actor, checked("payments", STEPS.payments));
    const row = await db().expert.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.routingNumberEnc).not.toContain("021000021");
    expect(decryptPaymentValue(row.routingNumberEnc!, expertPaymentBinding(user.id, "routing_number"))).toBe("021000021");
    expect(decryptPaymentValue(row.accountNumberEnc!, expertPaymentBinding(user.id, "account_number"))).toBe("000123456789");
    await saveProfileStep(
      actor,
      checked("payments", { ...STEPS.payments, paymentDetails: { bankName: "Second Bank", accountHolder: "Maria G" }, hourlyRateMax: 200 }),
    );
    const again = await db().expert.findUniqueOrThrow({ where: { userId: user.id } });
    expect(again.bankName).toBe("Second Bank");
    expect(decryptPaymentValue(again.routingNumberEnc!, expertPaymentBinding(user.id, "routing_number"))).toBe("021000021");
    expect(again.hourlyRateMaxCents).toBe(20_000);
  });

  it("refuses a bank transfer without numbers on file, writing nothing", async () => {
    const { user, actor } = await freshExpert();
    await expect(
      saveProfileStep(actor, checked("payments", { ...STEPS.payments, paymentDetails: { bankName: "B", accountHolder: "H" } })),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", fieldErrors: { "paymentDetails.routingNumber": ["Routing number is required"] } });
    const row = await db().expert.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ stepPayments: false, bankName: null, hourlyRateMinCents: null });
  });

  it("bad input: a clear message naming the field, nothing saved", async () => {
    const { user, actor } = await freshExpert();
    // The checks are the table's: the action's union or, here, an API call (messages in the API's names).
    await expect(saveProfileStepFromApi(actor, "expertise", { yearsInRole: 14, expertiseTags: ["One"] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "expertiseTags: Add at least 2 focus areas",
    });
    expect(
      stepSubmissionSchema.safeParse({ step: "expertise", values: { ...STEPS.expertise, tags: ["One"] } }).error?.issues[0],
    ).toMatchObject({
      path: ["values", "tags"],
      message: "Add at least 2 focus areas",
    });
    const row = await db().expert.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ stepExpertise: false, yearsExperience: null, tags: [] });
  });

  it("only experts; a client cannot write an expert profile", async () => {
    const client = await createClient();
    await expect(saveProfileStep(actorOf(client, ["client"]), checked("basics", STEPS.basics))).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await db().expert.count({ where: { userId: client.id } })).toBe(0);
  });

  it("writes only the actor's own row, whatever ids the input carries", async () => {
    const mine = await freshExpert();
    const other = await freshExpert();
    await saveProfileStep(mine.actor, checked("basics", { ...STEPS.basics, userId: other.user.id, id: other.expert.id }));
    const theirs = await db().expert.findUniqueOrThrow({ where: { id: other.expert.id } });
    expect(theirs.stepBasics).toBe(false);
    expect(theirs.timeZone).toBe("America/New_York");
    expect((await getOwnExpertProfile(mine.actor)).id).toBe(mine.expert.id);
  });

  it("creates the expert row when an expert account has none yet", async () => {
    const user = await createUser({ roles: ["expert"] });
    const profile = await saveProfileStep(actorOf(user), checked("basics", STEPS.basics));
    expect(profile.userId).toBe(user.id);
  });
});

describe("bio and department, from the wizard's basics step", () => {
  it("are saved with the step and reach the public profile's About", async () => {
    const { user, actor } = await freshExpert();
    const profile = await saveProfileStep(
      actor,
      checked("basics", { ...STEPS.basics, department: "Science", bio: "Twenty years in middle-school science." }),
    );
    expect(profile).toMatchObject({ department: "Science", bio: "Twenty years in middle-school science." });
    expect(await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      department: "Science",
      bio: "Twenty years in middle-school science.",
    });
    const draft = await saveProfileDraft(actor, { step: "basics", values: { bio: "" } });
    expect(draft.profile.bio).toBeNull();
  });
});

describe("autosave drafts", () => {
  it("stores valid fields without completing the step, reports invalid ones", async () => {
    const { user, actor } = await freshExpert();
    const result = await saveProfileDraft(actor, {
      step: "linkedin",
      values: { linkedinUrl: "https://linkedin.com/in/half", linkedinHeadline: "x".repeat(400) },
    });
    expect(result.profile.linkedinUrl).toBe("https://linkedin.com/in/half");
    expect(result.fieldErrors.linkedinHeadline).toBeTruthy();
    const row = await db().expert.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.stepLinkedin).toBe(false);
  });

  it("never leaves a completed step invalid", async () => {
    const { user, actor } = await freshExpert();
    await saveProfileStep(actor, checked("expertise", STEPS.expertise));
    const result = await saveProfileDraft(actor, { step: "expertise", values: { tags: ["Only one"], yearsExperience: 20 } });
    // One focus area would break the completed step: nothing of this draft is written.
    expect(result.fieldErrors.tags).toEqual(["Add at least 2 focus areas"]);
    const row = await db().expert.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ stepExpertise: true, tags: ["Literacy", "STEM"], yearsExperience: 14 });
    await saveProfileDraft(actor, { step: "expertise", values: { tags: ["Only one", "Two"], yearsExperience: 20 } });
    expect(await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      tags: ["Only one", "Two"],
      yearsExperience: 20,
    });

    // A change that is valid alone but breaks the completed step as a whole writes nothing.
    await saveProfileStep(
      actor,
      checked("payments", { ...STEPS.payments, preferredPaymentMethod: "paypal", paymentDetails: { paypalEmail: "m@example.org" } }),
    );
    const switched = await saveProfileDraft(actor, { step: "payments", values: { preferredPaymentMethod: "bank_transfer" } });
    expect(switched.fieldErrors["paymentDetails.bankName"]).toEqual(["Bank name is required"]);
    const after = await db().expert.findUniqueOrThrow({ where: { userId: user.id } });
    expect(after).toMatchObject({ stepPayments: true, preferredPaymentMethod: "paypal" });
  });

  it("an unfinished step keeps a draft below the completion minimums (one focus area, no W-9 yet)", async () => {
    const { user, actor } = await freshExpert();
    const result = await saveProfileDraft(actor, { step: "expertise", values: { tags: ["Literacy"] } });
    expect(result.fieldErrors).toEqual({});
    await saveProfileDraft(actor, { step: "payments", values: { w9Consent: false, preferredPaymentMethod: "paypal" } });
    expect(await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      tags: ["Literacy"],
      stepExpertise: false,
      preferredPaymentMethod: "paypal",
    });
  });

  it("payments draft encrypts a valid routing number and ignores an inverted rate range", async () => {
    const { user, actor } = await freshExpert();
    await saveProfileDraft(actor, {
      step: "payments",
      values: { paymentDetails: { ...PAYMENT_DETAILS_EMPTY, routingNumber: "021000021" }, hourlyRateMin: 200, hourlyRateMax: 100 },
    });
    const row = await db().expert.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.routingNumberLast4).toBe("0021");
    expect(row.hourlyRateMinCents).toBeNull();
  });
});

describe("experts-me PATCH and API merges", () => {
  it("pulse_scores mark the pulse step done and keep pulseScore", async () => {
    const { actor } = await freshExpert();
    const profile = await patchOwnProfile(actor, {
      pulse_scores: {
        curriculum_expertise: 10,
        technology_integration: 10,
        student_engagement: 10,
        data_analysis: 10,
        leadership_management: 9,
      },
    });
    expect(profile.profileSteps.pulse).toBe(true);
    expect(profile.pulseScore).toBe(98);
  });

  it("a bad pulse score leaves the other fields of the same PATCH unsaved (one transaction)", async () => {
    const { user, actor } = await freshExpert();
    await expect(patchOwnProfile(actor, { bio: "New bio", pulse_scores: { curriculum_expertise: 11 } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).bio).toBeNull();
  });

  it("pulse_scores: an unknown area is refused, and named areas keep the stored others", async () => {
    const { user, actor } = await freshExpert();
    await patchOwnProfile(actor, {
      pulse_scores: {
        curriculum_expertise: 10,
        technology_integration: 10,
        student_engagement: 10,
        data_analysis: 10,
        leadership_management: 9,
      },
    });
    await expect(patchOwnProfile(actor, { pulse_scores: { "GnC@": 1 } })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const profile = await patchOwnProfile(actor, { pulse_scores: { leadership_management: 2 } });
    expect(profile.pulseScore).toBe(84);
    const row = await db().expert.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.pulseScores).toMatchObject({ curriculum_expertise: 10, leadership_management: 2 });
  });

  it("partial basics are merged with what is stored", async () => {
    const { actor } = await freshExpert();
    await saveProfileStep(actor, checked("basics", STEPS.basics));
    const profile = await patchOwnProfile(actor, { organizationName: "Jefferson USD" });
    expect(profile).toMatchObject({ organizationName: "Jefferson USD", roleTitle: "Principal", state: "CA" });
    await expect(patchOwnProfile(actor, { state: "Narnia" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("experts-preferences without interviewPreferences uses the stored ones", async () => {
    const { actor } = await freshExpert();
    await expect(
      saveProfileStepFromApi(actor, "preferences", { researchTypes: ["online_surveys"], availabilityStatus: "available" }),
    ).rejects.toMatchObject({
      message: expect.stringContaining("interviewPreferences"),
    });
    await saveProfileDraft(actor, { step: "preferences", values: { interviewPreferences: ["phone_calls"] } });
    const profile = await saveProfileStepFromApi(actor, "preferences", {
      researchTypes: ["online_surveys"],
      availabilityStatus: "available",
    });
    expect(profile).toMatchObject({ interviewPreferences: ["phone_calls"], profileSteps: { preferences: true } });
  });
});

describe("upsert-expert-signup", () => {
  const body = (u: { id: string; email: string }) => ({
    userId: u.id,
    email: u.email,
    firstName: "Ann",
    lastName: "Lee",
    orgName: "Org",
    title: "teacher",
    state: "TX",
    city: "Austin",
    zip: "73301",
    phone: "555 010 2000",
  });

  it("anonymous: creates the row of an expert account without one; never changes an existing row", async () => {
    const user = await createUser({ roles: ["expert"] });
    const profile = await upsertExpertSignup(body(user), null);
    expect(profile).toMatchObject({ organizationName: "Org", city: "Austin", zipCode: "73301" });
    await expect(upsertExpertSignup({ ...body(user), orgName: "Hijacked" }, null)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).organizationName).toBe("Org");
  });

  it("refuses a mismatched e-mail, a non-expert, or another user's id while signed in", async () => {
    const user = await createUser({ roles: ["expert"] });
    await expect(upsertExpertSignup({ ...body(user), email: "someone@example.org" }, null)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const client = await createClient();
    await expect(upsertExpertSignup(body(client), null)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const { user: other } = await createExpert();
    await expect(upsertExpertSignup(body(user), actorOf(other))).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().expert.count({ where: { userId: { in: [user.id, client.id] } } })).toBe(0);
  });

  it("signed in as that user: updates their own row and name", async () => {
    const { user } = await createExpert();
    const profile = await upsertExpertSignup({ ...body(user), orgName: "Updated Org" }, actorOf(user));
    expect(profile).toMatchObject({ organizationName: "Updated Org", firstName: "Ann" });
  });
});

describe("certifications", () => {
  it("the expertise step stores certifications and the profile shows them back", async () => {
    const { user } = await createExpert({}, { complete: false });
    const actor = actorOf(user);
    const profile = await saveProfileStep(
      actor,
      checked("expertise", { ...STEPS.expertise, certifications: ["Superintendent license (CA)", "National Board Certified Teacher"] }),
    );
    expect((await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).certifications).toEqual([
      "Superintendent license (CA)",
      "National Board Certified Teacher",
    ]);
    expect(JSON.stringify(profile)).toContain("National Board Certified Teacher");
  });
});
