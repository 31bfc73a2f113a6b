import "server-only";
import type { z } from "zod";
import { db, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/session";
import type { ProfileStep } from "@/lib/constants";
import { PROFILE_STEPS } from "@/lib/constants";
import { STEP_COLUMN, completedStepCount, nextIncompleteStep, profileCompleteness, toProfileSteps } from "@/lib/profile-steps";
import { encryptPaymentValue, lastFour } from "@/lib/crypto/payment-data";
import { revalidateExpertPages } from "@/lib/cache";
import { describeIssues, fieldErrorsOf } from "@/lib/validation/issues";
import { ROLE_TITLE_LABELS, normalizeEmail } from "@/lib/validation/auth-rules";
import {
  DRAFT_FIELD_OVERRIDES,
  STEP_SCHEMAS,
  basicsSchema,
  pulseSchema,
  pulseScoreOf,
  roleTitleValue,
  type BasicsInput,
  type ExpertiseInput,
  type LinkedinInput,
  type PaymentsInput,
  type PreferencesInput,
  type PulseInput,
} from "@/lib/validation/onboarding";
import type { Expert, Prisma } from "@/lib/generated/prisma/client";
import { PULSE_AREAS, type PulseArea } from "@/lib/vocabulary/research";

// The one owner of the expert profile. Every write is scoped by the acting user's id (never
// an id sent by the caller), validates with the step's shared zod schema, and writes the
// fields together with the step's profile_steps flag in one transaction.

type StepInputs = {
  basics: BasicsInput;
  linkedin: LinkedinInput;
  expertise: ExpertiseInput;
  preferences: PreferencesInput;
  payments: PaymentsInput;
  pulse: PulseInput;
};

/** What callers see of an expert's own profile: no ciphertext, secrets as last 4 digits. */
export type ExpertProfile = ReturnType<typeof toProfile>;

function toProfile(e: Expert & { user: { firstName: string; lastName: string; email: string } }) {
  const steps = toProfileSteps(e);
  return {
    id: e.id,
    userId: e.userId,
    firstName: e.user.firstName,
    lastName: e.user.lastName,
    email: e.user.email,
    // basics
    roleTitle: e.roleTitle,
    organizationName: e.organizationName,
    state: e.state,
    city: e.city,
    zipCode: e.zipCode,
    phone: e.phone,
    department: e.department,
    bio: e.bio,
    availabilityStatus: e.availabilityStatus,
    timeZone: e.timeZone,
    verificationStatus: e.verificationStatus,
    // linkedin
    linkedinUrl: e.linkedinUrl,
    linkedinHeadline: e.linkedinHeadline,
    linkedinVerified: e.linkedinVerified,
    // expertise
    yearsInRole: e.yearsExperience,
    expertiseTags: e.tags,
    tools: e.toolsPlatforms,
    districtType: e.districtType,
    districtSizeBand: e.districtSize === "very_large" ? "very-large" : e.districtSize,
    urbanicity: e.urbanicity,
    // preferences
    researchTypes: e.researchTypes,
    interviewPreferences: e.interviewPreferences,
    availabilityHours: (e.availabilityHours ?? {}) as Record<string, string[]>,
    maxHoursPerWeek: e.maxHoursPerWeek,
    isPublicProfile: e.isPublicProfile,
    showOrganization: e.showOrganization,
    showExperience: e.showExperience,
    showRates: e.showRates,
    showContactInfo: e.showContactInfo,
    // payments (secrets: last 4 only)
    preferredPaymentMethod: e.preferredPaymentMethod,
    paymentDetails: {
      bankName: e.bankName,
      accountHolder: e.accountHolder,
      routingNumberLast4: e.routingNumberLast4,
      accountNumberLast4: e.accountNumberLast4,
      paypalEmail: e.paypalEmail,
      venmoUsername: e.venmoUsername,
      zelleEmail: e.zelleEmail,
    },
    hourlyRateMin: e.hourlyRateMinCents === null ? null : e.hourlyRateMinCents / 100,
    hourlyRateMax: e.hourlyRateMaxCents === null ? null : e.hourlyRateMaxCents / 100,
    w9Consent: e.w9Consent,
    // pulse
    pulseScores: (e.pulseScores ?? null) as Record<PulseArea, number> | null,
    pulseScore: e.pulseScore,
    improvementAreas: e.improvementAreas,
    additionalNotes: e.additionalNotes,
    // progress
    profileSteps: steps,
    completedSteps: completedStepCount(e),
    totalSteps: PROFILE_STEPS.length,
    completeness: profileCompleteness(e),
    nextStep: nextIncompleteStep(e),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

const withUser = { user: { select: { firstName: true, lastName: true, email: true } } } as const;

function assertExpert(actor: Actor) {
  if (!actor.roles.includes("expert")) throw new AppError("FORBIDDEN", "This requires expert access.");
}

/** The acting expert's own profile, or NOT_FOUND. */
export async function getOwnExpertProfile(actor: Actor): Promise<ExpertProfile> {
  assertExpert(actor);
  const expert = await db().expert.findUnique({ where: { userId: actor.userId }, include: withUser });
  if (!expert) throw new AppError("NOT_FOUND", "Expert profile not found");
  return toProfile(expert);
}

/** Like getOwnExpertProfile, but null instead of an error (the wizard starts from empty). */
export async function findOwnExpertProfile(actor: Actor): Promise<ExpertProfile | null> {
  assertExpert(actor);
  const expert = await db().expert.findUnique({ where: { userId: actor.userId }, include: withUser });
  return expert ? toProfile(expert) : null;
}

// ───────────────────────── step → columns ─────────────────────────

function columnsFor<S extends ProfileStep>(step: S, v: Partial<StepInputs[S]>): Prisma.ExpertUncheckedUpdateInput {
  const has = (k: string) => Object.prototype.hasOwnProperty.call(v, k);
  const out: Prisma.ExpertUncheckedUpdateInput = {};
  switch (step) {
    case "basics": {
      const b = v as Partial<BasicsInput>;
      // Stored as its label ("Assistant Principal"), as the seed and public pages show it.
      if (has("roleTitle") && b.roleTitle) out.roleTitle = ROLE_TITLE_LABELS[b.roleTitle];
      if (has("organizationName")) out.organizationName = b.organizationName;
      if (has("state")) out.state = b.state;
      if (has("availabilityStatus")) out.availabilityStatus = b.availabilityStatus;
      if (has("timeZone")) out.timeZone = b.timeZone;
      break;
    }
    case "linkedin": {
      const l = v as Partial<LinkedinInput>;
      if (has("linkedinUrl")) out.linkedinUrl = l.linkedinUrl;
      if (has("linkedinHeadline")) out.linkedinHeadline = l.linkedinHeadline ?? null;
      break;
    }
    case "expertise": {
      const x = v as Partial<ExpertiseInput>;
      if (has("yearsInRole")) out.yearsExperience = x.yearsInRole;
      if (has("expertiseTags")) out.tags = x.expertiseTags;
      if (has("tools")) out.toolsPlatforms = x.tools;
      if (has("districtType")) out.districtType = x.districtType ?? null;
      if (has("districtSizeBand")) out.districtSize = x.districtSizeBand === "very-large" ? "very_large" : (x.districtSizeBand ?? null);
      if (has("urbanicity")) out.urbanicity = x.urbanicity ?? null;
      break;
    }
    case "preferences": {
      const p = v as Partial<PreferencesInput>;
      if (has("researchTypes")) out.researchTypes = p.researchTypes;
      if (has("interviewPreferences")) out.interviewPreferences = p.interviewPreferences;
      if (has("availabilityStatus")) out.availabilityStatus = p.availabilityStatus;
      if (has("availabilityHours")) out.availabilityHours = p.availabilityHours as Prisma.InputJsonValue;
      if (has("maxHoursPerWeek")) out.maxHoursPerWeek = p.maxHoursPerWeek;
      for (const k of ["isPublicProfile", "showOrganization", "showExperience", "showRates", "showContactInfo"] as const) {
        if (has(k)) out[k] = p[k];
      }
      break;
    }
    case "payments": {
      const p = v as Partial<PaymentsInput>;
      if (has("preferredPaymentMethod")) out.preferredPaymentMethod = p.preferredPaymentMethod;
      if (has("hourlyRateMin")) out.hourlyRateMinCents = Math.round((p.hourlyRateMin as number) * 100);
      if (has("hourlyRateMax")) out.hourlyRateMaxCents = Math.round((p.hourlyRateMax as number) * 100);
      if (has("w9Consent")) out.w9Consent = p.w9Consent;
      const d = p.paymentDetails;
      if (d) {
        if ("bankName" in d) out.bankName = d.bankName;
        if ("accountHolder" in d) out.accountHolder = d.accountHolder;
        if ("paypalEmail" in d) out.paypalEmail = d.paypalEmail ? normalizeEmail(d.paypalEmail) : null;
        if ("zelleEmail" in d) out.zelleEmail = d.zelleEmail ? normalizeEmail(d.zelleEmail) : null;
        if ("venmoUsername" in d) out.venmoUsername = d.venmoUsername ? d.venmoUsername.replace(/^@/, "") : null;
        // An empty number means "keep what is on file": the form never holds the full number.
        if (d.routingNumber) {
          out.routingNumberEnc = encryptPaymentValue(d.routingNumber);
          out.routingNumberLast4 = lastFour(d.routingNumber);
        }
        if (d.accountNumber) {
          out.accountNumberEnc = encryptPaymentValue(d.accountNumber);
          out.accountNumberLast4 = lastFour(d.accountNumber);
        }
      }
      break;
    }
    case "pulse": {
      const p = v as Partial<PulseInput>;
      if (p.pulseScores) {
        out.pulseScores = p.pulseScores as Prisma.InputJsonValue;
        out.pulseScore = pulseScoreOf(p.pulseScores);
      }
      if (has("improvementAreas")) out.improvementAreas = p.improvementAreas;
      if (has("additionalNotes")) out.additionalNotes = p.additionalNotes ?? null;
      break;
    }
  }
  return out;
}

/** Bank transfers need both numbers: sent now, or already on file. */
function assertBankNumbersOnFile(input: PaymentsInput, existing: Pick<Expert, "routingNumberEnc" | "accountNumberEnc"> | null) {
  if (input.preferredPaymentMethod !== "bank_transfer") return;
  const errors: Record<string, string[]> = {};
  if (!input.paymentDetails.routingNumber && !existing?.routingNumberEnc) errors["paymentDetails.routingNumber"] = ["Routing number is required"];
  if (!input.paymentDetails.accountNumber && !existing?.accountNumberEnc) errors["paymentDetails.accountNumber"] = ["Account number is required"];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError("BAD_REQUEST", first, errors);
}

function parseStep<S extends ProfileStep>(step: S, raw: unknown): StepInputs[S] {
  const parsed = STEP_SCHEMAS[step].safeParse(raw);
  // The message names each field (API callers read it); forms use the field errors.
  if (!parsed.success) throw new AppError("BAD_REQUEST", describeIssues(parsed.error), fieldErrorsOf(parsed.error));
  return parsed.data as StepInputs[S];
}


async function writeStep(actor: Actor, step: ProfileStep, columns: Prisma.ExpertUncheckedUpdateInput, markDone: boolean, tx: Tx) {
  const data = { ...columns, ...(markDone ? { [STEP_COLUMN[step]]: true } : {}) };
  return tx.expert.upsert({
    where: { userId: actor.userId },
    create: { ...(data as Prisma.ExpertUncheckedCreateInput), userId: actor.userId },
    update: data,
    include: withUser,
  });
}

/**
 * Saves one step (Save & Continue, or an API call): validates the whole step, writes its
 * fields and marks it done, atomically. Returns the fresh profile.
 */
export async function saveProfileStep<S extends ProfileStep>(actor: Actor, step: S, raw: unknown): Promise<ExpertProfile> {
  assertExpert(actor);
  const input = parseStep(step, raw);
  const expert = await db().$transaction(async (tx) => {
    const existing = await tx.expert.findUnique({ where: { userId: actor.userId }, select: { routingNumberEnc: true, accountNumberEnc: true } });
    if (step === "payments") assertBankNumbersOnFile(input as PaymentsInput, existing);
    return writeStep(actor, step, columnsFor(step, input), true, tx);
  });
  // Public pages (directory, /experts/{id}, sitemap) show these fields: refresh their cache.
  revalidateExpertPages(expert.id);
  return toProfile(expert);
}

/**
 * The experts-* functions (000 §7) send only their own fields (experts-preferences has no
 * interviewPreferences, experts-payment no w9Consent): what the body leaves out is taken from
 * the stored profile, then the whole step is validated and saved as above.
 */
export async function saveProfileStepFromApi(actor: Actor, step: ProfileStep, body: Record<string, unknown>): Promise<ExpertProfile> {
  assertExpert(actor);
  const current = await findOwnExpertProfile(actor);
  const stored = current ? dropNulls(stepValuesOf(step, current)) : {};
  const merged: Record<string, unknown> = { ...stored, ...body };
  for (const nested of ["paymentDetails", "pulseScores"]) {
    const a = stored[nested];
    const b = body[nested];
    if (isPlainObject(a) && isPlainObject(b)) merged[nested] = { ...a, ...b };
  }
  return saveProfileStep(actor, step, merged);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const dropNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

export type DraftResult = { profile: ExpertProfile; fieldErrors: Record<string, string[]> };

/**
 * Autosave while typing. Each field is checked on its own with the step's rules; valid ones
 * are written, invalid ones are reported and left as stored. The step flag is not set here
 * (only Save & Continue completes a step), and a step already completed is never left
 * invalid: if the draft would break it, nothing is written.
 */
export async function saveProfileDraft(actor: Actor, step: ProfileStep, raw: unknown): Promise<DraftResult> {
  assertExpert(actor);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new AppError("BAD_REQUEST", "Nothing to save");
  const schema = STEP_SCHEMAS[step] as unknown as z.ZodObject<Record<string, z.ZodType>>;
  const values = raw as Record<string, unknown>;
  const valid: Record<string, unknown> = {};
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(values)) {
    const field = DRAFT_FIELD_OVERRIDES[step]?.[key] ?? schema.shape[key];
    if (!field) continue;
    const parsed = field.safeParse(value);
    if (parsed.success) valid[key] = parsed.data;
    else for (const [path, messages] of Object.entries(fieldErrorsOf(parsed.error))) fieldErrors[path === "_form" ? key : `${key}.${path}`] = messages;
  }
  // Cross-field rules (min ≤ max rate) are only checked on the whole step; a draft with an
  // inverted range keeps the stored rates.
  if (step === "payments" && typeof valid.hourlyRateMin === "number" && typeof valid.hourlyRateMax === "number" && valid.hourlyRateMin > valid.hourlyRateMax) {
    delete valid.hourlyRateMin;
    delete valid.hourlyRateMax;
  }

  const expert = await db().$transaction(async (tx) => {
    const current = await tx.expert.findUnique({ where: { userId: actor.userId }, include: withUser });
    if (current && toProfileSteps(current)[step]) {
      const merged = { ...stepValuesOf(step, toProfile(current)), ...valid };
      const whole = STEP_SCHEMAS[step].safeParse(merged);
      const numbersOnFile = step !== "payments" || !whole.success || bankNumbersPresent(whole.data as PaymentsInput, current);
      if (!whole.success || !numbersOnFile) {
        if (!whole.success) Object.assign(fieldErrors, fieldErrorsOf(whole.error));
        return current;
      }
    }
    if (Object.keys(valid).length === 0) {
      return current ?? writeStep(actor, step, {}, false, tx);
    }
    return writeStep(actor, step, columnsFor(step, valid as Partial<StepInputs[typeof step]>), false, tx);
  });
  if (Object.keys(valid).length) revalidateExpertPages(expert.id);
  return { profile: toProfile(expert), fieldErrors };
}

function bankNumbersPresent(input: PaymentsInput, existing: Pick<Expert, "routingNumberEnc" | "accountNumberEnc">) {
  try {
    assertBankNumbersOnFile(input, existing);
    return true;
  } catch {
    return false;
  }
}

/** A step's form values from a stored profile (secrets left empty: the form shows last 4). */
export function stepValuesOf(step: ProfileStep, p: ExpertProfile): Record<string, unknown> {
  switch (step) {
    case "basics":
      return { roleTitle: roleTitleValue(p.roleTitle), organizationName: p.organizationName, state: p.state, availabilityStatus: p.availabilityStatus, timeZone: p.timeZone };
    case "linkedin":
      return { linkedinUrl: p.linkedinUrl, linkedinHeadline: p.linkedinHeadline };
    case "expertise":
      return {
        yearsInRole: p.yearsInRole, expertiseTags: p.expertiseTags, tools: p.tools, districtType: p.districtType,
        districtSizeBand: p.districtSizeBand, urbanicity: p.urbanicity,
      };
    case "preferences":
      return {
        researchTypes: p.researchTypes, interviewPreferences: p.interviewPreferences, availabilityStatus: p.availabilityStatus,
        availabilityHours: p.availabilityHours, maxHoursPerWeek: p.maxHoursPerWeek, isPublicProfile: p.isPublicProfile,
        showOrganization: p.showOrganization, showExperience: p.showExperience, showRates: p.showRates, showContactInfo: p.showContactInfo,
      };
    case "payments":
      return {
        preferredPaymentMethod: p.preferredPaymentMethod,
        paymentDetails: {
          bankName: p.paymentDetails.bankName, accountHolder: p.paymentDetails.accountHolder, routingNumber: null, accountNumber: null,
          paypalEmail: p.paymentDetails.paypalEmail, venmoUsername: p.paymentDetails.venmoUsername, zelleEmail: p.paymentDetails.zelleEmail,
        },
        hourlyRateMin: p.hourlyRateMin, hourlyRateMax: p.hourlyRateMax, w9Consent: p.w9Consent,
      };
    case "pulse":
      return { pulseScores: p.pulseScores ?? undefined, improvementAreas: p.improvementAreas, additionalNotes: p.additionalNotes };
  }
}

// ───────────────────────── PATCH /api/experts-me ─────────────────────────

export type ProfilePatch = {
  roleTitle?: unknown;
  organizationName?: unknown;
  state?: unknown;
  availabilityStatus?: unknown;
  timeZone?: unknown;
  bio?: string | null;
  department?: string | null;
  pulse_scores?: unknown;
  improvement_areas?: unknown;
  additional_notes?: unknown;
};

const BASICS_KEYS = ["roleTitle", "organizationName", "state", "availabilityStatus", "timeZone"] as const;

/**
 * experts-me PATCH (000 §7): profile fields, merged with what is stored and checked as a
 * whole basics step; pulse_scores (with improvement_areas/additional_notes) save the pulse
 * step and mark it done. Everything in one transaction: a bad pulse score leaves the other
 * fields untouched too.
 */
export async function patchOwnProfile(actor: Actor, patch: ProfilePatch): Promise<ExpertProfile> {
  assertExpert(actor);
  const expert = await db().$transaction(async (tx) => {
    const current = await tx.expert.findUnique({ where: { userId: actor.userId }, include: withUser });
    const data: Prisma.ExpertUncheckedUpdateInput = {};
    if (BASICS_KEYS.some((k) => k in patch)) {
      const stored = current ? stepValuesOf("basics", toProfile(current)) : {};
      const merged = { ...stored, ...Object.fromEntries(BASICS_KEYS.filter((k) => k in patch).map((k) => [k, patch[k]])) };
      const parsed = basicsSchema.safeParse(merged);
      if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid profile", fieldErrorsOf(parsed.error));
      Object.assign(data, columnsFor("basics", parsed.data), { stepBasics: true });
    }
    if ("bio" in patch) data.bio = patch.bio ?? null;
    if ("department" in patch) data.department = patch.department ?? null;
    if ("pulse_scores" in patch) {
      // A PATCH changes the areas it names and keeps the stored others; an unknown area is an
      // error (it used to be dropped silently, resetting every stored score to the default).
      const sent = patch.pulse_scores;
      const known = new Set<string>(PULSE_AREAS.map((a) => a.value));
      const unknown = isPlainObject(sent) ? Object.keys(sent).find((k) => !known.has(k)) : undefined;
      if (unknown !== undefined) throw new AppError("BAD_REQUEST", `pulse_scores: unknown area "${unknown.slice(0, 40)}"`);
      const stored = isPlainObject(current?.pulseScores) ? current.pulseScores : {};
      const parsed = pulseSchema.safeParse({
        pulseScores: isPlainObject(sent) ? { ...stored, ...sent } : sent,
        improvementAreas: patch.improvement_areas ?? current?.improvementAreas ?? [],
        additionalNotes: patch.additional_notes ?? current?.additionalNotes ?? null,
      });
      if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid pulse scores", fieldErrorsOf(parsed.error));
      Object.assign(data, columnsFor("pulse", parsed.data), { stepPulse: true });
    }
    if (Object.keys(data).length === 0) throw new AppError("BAD_REQUEST", "Nothing to update");
    return tx.expert.upsert({
      where: { userId: actor.userId },
      create: { ...(data as Prisma.ExpertUncheckedCreateInput), userId: actor.userId },
      update: data,
      include: withUser,
    });
  });
  revalidateExpertPages(expert.id);
  return toProfile(expert);
}

// ───────────────────────── upsert-expert-signup ─────────────────────────

export type SignupUpsert = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  orgName: string;
  title: string;
  state?: string | null;
  city?: string | null;
  zip?: string | null;
  phone?: string | null;
};

/**
 * upsert-expert-signup (000 §7) is called without a token right after sign-up. It must not
 * let anyone write someone else's expert row, so:
 *  - with a session or bearer token, it acts only on the caller's own account (userId must match);
 *  - without one, it only CREATES: the account must exist, hold the expert role, carry this
 *    exact e-mail, and have no expert row yet. An existing row is never changed anonymously.
 * Our own registration creates the row in its transaction, so anonymous calls are a no-op for
 * our users; this keeps the endpoint for external sign-up flows without opening a hole.
 */
export async function upsertExpertSignup(input: SignupUpsert, actor: Actor | null) {
  if (actor && actor.userId !== input.userId) throw new AppError("FORBIDDEN", "You can only set up your own expert profile");
  return db().$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: input.userId },
      select: { id: true, email: true, roles: { select: { role: true } }, expert: { select: { id: true } } },
    });
    const sameEmail = user && user.email === normalizeEmail(input.email);
    if (!user || !sameEmail || !user.roles.some((r) => r.role === "expert")) throw new AppError("NOT_FOUND", "No expert account matches this sign-up");
    if (user.expert && !actor) throw new AppError("CONFLICT", "This expert profile already exists; sign in to change it");
    const fields = {
      roleTitle: input.title,
      organizationName: input.orgName,
      state: input.state ?? null,
      city: input.city ?? null,
      zipCode: input.zip ?? null,
      phone: input.phone ?? null,
    };
    if (actor) await tx.user.update({ where: { id: user.id }, data: { firstName: input.firstName, lastName: input.lastName } });
    const expert = await tx.expert.upsert({ where: { userId: user.id }, create: { userId: user.id, ...fields }, update: fields, include: withUser });
    return toProfile(expert);
  });
}

