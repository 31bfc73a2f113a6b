import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { ProfileStep } from "@/lib/accounts/constants";
import { STEP_COLUMN, toProfileSteps } from "@/lib/accounts/onboarding-steps";
import { encryptPaymentValue, expertPaymentBinding, lastFour } from "@/lib/money/payment-data/payment-data";
import { revalidateExpertPages } from "@/lib/platform/cache";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import { normalizeEmail } from "@/lib/accounts/schemas/auth-rules";
import type { z } from "@/lib/platform/validation/zod";
import { PROFILE_TABLE, draftRuleOf, parseStep, type StepDraft, type StepSubmission, type StepValues } from "@/lib/experts/profile/table";
import type { Columns, Seal } from "@/lib/experts/profile/step";
import { toProfile, type ExpertProfile, type ExpertRow } from "@/lib/experts/profile/view";
import { PULSE_AREAS } from "@/lib/vocabulary/research";
import type { Expert } from "@/lib/generated/prisma/client";
import { assertRecentlyAuthenticated, notifyPayoutDetailsChanged } from "@/lib/accounts/security";
import { isRecentlyAuthenticated } from "@/lib/accounts/sessions";
import { auditImpersonated } from "@/lib/accounts/impersonation";

// The one owner of the expert profile's storage. What each step holds, how it is checked and
// which columns it writes is the profile table's (lib/experts/profile/table.ts); this module scopes
// every write to the acting user's own row (never an id sent by the caller) and writes a step's
// columns together with its profile_steps flag in one transaction.

export type { ExpertProfile };

const withUser = { user: { select: { firstName: true, lastName: true, email: true } } } as const;
/** Seals a secret for one field of this user's expert row (bound to both: it cannot be moved to another row or field). */
const sealFor =
  (userId: string): Seal =>
  (secret, field) => ({ sealed: encryptPaymentValue(secret, expertPaymentBinding(userId, field)), last4: lastFour(secret) });

/** The acting expert's own profile, or NOT_FOUND. */
export async function getOwnExpertProfile(actor: Actor | null): Promise<ExpertProfile> {
  const profile = await findOwnExpertProfile(actor);
  if (!profile) throw new AppError("NOT_FOUND", "Expert profile not found");
  return profile;
}

/** Like getOwnExpertProfile, but null instead of an error (the wizard starts from empty). */
export async function findOwnExpertProfile(actor: Actor | null): Promise<ExpertProfile | null> {
  requirePermission(actor, "update:expert:own");
  const expert = await db().expert.findUnique({ where: { userId: actor.userId }, include: withUser });
  // The profile carries payout details (method, names, last 4 digits): an admin viewing as the
  // expert reads them, and the audit trail says so.
  if (expert) await auditImpersonated(actor, "read", "payout details");
  return expert ? toProfile(expert) : null;
}

/** A step's (checked) values as columns, through its table entry. */
function columnsOf<S extends ProfileStep>(step: S, values: Partial<StepValues<S>>, userId: string): Columns {
  // Each entry's toColumns takes its own step's values; `step` picks the matching entry.
  const toColumns = PROFILE_TABLE[step].toColumns as (v: Partial<StepValues<S>>, s: Seal) => Columns;
  return toColumns(values, sealFor(userId));
}

/** Bank transfers need both numbers: sent now, or already on file. */
function missingBankNumbers(values: StepValues<"payments">, existing: Pick<Expert, "routingNumberEnc" | "accountNumberEnc"> | null) {
  const errors: Record<string, string[]> = {};
  if (values.preferredPaymentMethod !== "bank_transfer") return errors;
  if (!values.paymentDetails.routingNumber && !existing?.routingNumberEnc)
    errors["paymentDetails.routingNumber"] = ["Routing number is required"];
  if (!values.paymentDetails.accountNumber && !existing?.accountNumberEnc)
    errors["paymentDetails.accountNumber"] = ["Account number is required"];
  return errors;
}

const NO_W9_TO_REUSE = "There is no W-9 on file to take the address from: enter the mailing address for your checks.";

/**
 * A check paid to the W-9's address (the expert ticked the consent): that address becomes the
 * mailing address. Without a W-9 on file the consent has nothing to reuse: a field error.
 */
async function withW9MailingAddress(tx: Tx, userId: string, values: StepValues<"payments">): Promise<StepValues<"payments">> {
  if (values.preferredPaymentMethod !== "check" || !values.paymentDetails.useW9Address) return values;
  const w9 = await tx.taxForm.findUnique({
    where: { userId },
    select: { addressLine1: true, addressLine2: true, city: true, state: true, zipCode: true },
  });
  if (!w9) throw new AppError("BAD_REQUEST", NO_W9_TO_REUSE, { "paymentDetails.useW9Address": [NO_W9_TO_REUSE] });
  return {
    ...values,
    paymentDetails: {
      ...values.paymentDetails,
      checkAddressLine1: w9.addressLine1,
      checkAddressLine2: w9.addressLine2,
      checkCity: w9.city,
      checkState: w9.state,
      checkZipCode: w9.zipCode,
    },
  };
}

/** The columns that say where money goes: changing any needs a fresh password and tells the owner. */
const PAYOUT_COLUMNS = [
  "preferredPaymentMethod",
  "bankName",
  "accountHolder",
  "routingNumberEnc",
  "accountNumberEnc",
  "paypalEmail",
  "venmoUsername",
  "zelleEmail",
  "checkAddressLine1",
  "checkAddressLine2",
  "checkCity",
  "checkState",
  "checkZipCode",
] as const;

/** The payout columns that say an expert has set up payouts (the check's mailing address may come from the tax form). */
const PAYOUT_ACCOUNT_COLUMNS = PAYOUT_COLUMNS.filter((c) => !c.startsWith("check"));

const PAYOUT_SELECT = Object.fromEntries(PAYOUT_COLUMNS.map((c) => [c, true])) as Record<(typeof PAYOUT_COLUMNS)[number], true>;
type StoredPayout = Pick<Expert, (typeof PAYOUT_COLUMNS)[number]> | null;

/**
 * True when `columns` would change the stored payout details (a sealed number sent at all
 * counts). `stored` is the row when the caller has already read it; otherwise it is read here,
 * and only if the columns touch payout details at all.
 */
async function changesPayoutDetails(actor: Actor, columns: Columns, tx: Tx, stored?: StoredPayout) {
  const touched = PAYOUT_COLUMNS.filter((c) => c in columns);
  if (touched.length === 0) return { changed: false, firstSetup: false };
  const row: Record<string, unknown> =
    (stored === undefined ? await tx.expert.findUnique({ where: { userId: actor.userId }, select: PAYOUT_SELECT }) : stored) ?? {};
  const changed = touched.some((c) => c.endsWith("Enc") || (columns[c] ?? null) !== (row[c] ?? null));
  // No method and no account on file yet: this is the first setup, not a change of details.
  // (A mailing address alone may come from the tax form before any payout method is chosen.)
  const firstSetup = PAYOUT_ACCOUNT_COLUMNS.every((c) => (row[c] ?? null) === null);
  return { changed, firstSetup };
}

/** Payout columns removed: what an autosave may write without a fresh password. */
const withoutPayoutColumns = (columns: Columns): Columns =>
  Object.fromEntries(Object.entries(columns).filter(([c]) => !(PAYOUT_COLUMNS as readonly string[]).includes(c)));

/**
 * Writes a step's columns (and its flag). A change of payout details needs the password
 * entered within REAUTH_MINUTES, is refused while an admin impersonates, and queues the
 * owner's notice ("Your payout details were changed", unless it is the first setup) in the same transaction.
 */
async function writeStep(
  actor: Actor,
  step: ProfileStep,
  columns: Columns,
  markDone: boolean,
  tx: Tx,
  stored?: StoredPayout,
): Promise<ExpertRow> {
  const payout = await changesPayoutDetails(actor, columns, tx, stored);
  if (payout.changed) assertRecentlyAuthenticated(actor);
  const data = { ...columns, ...(markDone ? { [STEP_COLUMN[step]]: true } : {}) };
  const row = await tx.expert.upsert({
    where: { userId: actor.userId },
    create: { ...data, userId: actor.userId },
    update: data,
    include: withUser,
  });
  // "Your payout details were changed… if this was not you" is for details that existed before:
  // the expert setting up payouts for the first time gets no alarm about it.
  if (payout.changed && !payout.firstSetup) await notifyPayoutDetailsChanged(actor.userId, tx);
  return row;
}

/**
 * Saves one step (Save & Continue, or an API call) from values its schema accepted: writes its
 * columns and marks it done, atomically. Returns the fresh profile.
 */
export async function saveProfileStep(actor: Actor | null, submission: StepSubmission): Promise<ExpertProfile> {
  requirePermission(actor, "update:expert:own");
  const expert = await db().$transaction(async (tx) => {
    let stored: StoredPayout | undefined;
    if (submission.step === "payments") {
      stored = await tx.expert.findUnique({ where: { userId: actor.userId }, select: PAYOUT_SELECT });
      const missing = missingBankNumbers(submission.values, stored);
      const first = Object.values(missing)[0]?.[0];
      if (first) throw new AppError("BAD_REQUEST", first, missing);
      submission = { step: "payments", values: await withW9MailingAddress(tx, actor.userId, submission.values) };
    }
    return writeStep(actor, submission.step, columnsOf(submission.step, submission.values, actor.userId), true, tx, stored);
  });
  // Public pages (directory, /experts/{id}, sitemap) show these fields: refresh their cache.
  await revalidateExpertPages(expert.id);
  return toProfile(expert);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const dropNulls = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

/** The API's body names → column names, and back for the error message. */
function fromApiNames(step: ProfileStep, body: Record<string, unknown>): Record<string, unknown> {
  const names: Record<string, string> = PROFILE_TABLE[step].apiNames ?? {};
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [names[k] ?? k, v]));
}
function describeForApi(step: ProfileStep, error: z.ZodError): string {
  const names: Record<string, string> = PROFILE_TABLE[step].apiNames ?? {};
  const apiName = Object.fromEntries(Object.entries(names).map(([api, column]) => [column, api]));
  return error.issues
    .slice(0, 5)
    .map((i) =>
      i.path.length ? `${[apiName[String(i.path[0])] ?? String(i.path[0]), ...i.path.slice(1)].join(".")}: ${i.message}` : i.message,
    )
    .join("; ");
}

/**
 * The experts-* route handlers send only their own fields, under the API's names
 * (experts-preferences has no interviewPreferences, experts-payment no w9Consent): what the
 * body leaves out is taken from the stored profile, then the whole step is checked and saved.
 */
export async function saveProfileStepFromApi(
  actor: Actor | null,
  step: ProfileStep,
  body: Record<string, unknown>,
): Promise<ExpertProfile> {
  requirePermission(actor, "update:expert:own");
  const current = await db().expert.findUnique({ where: { userId: actor.userId }, include: withUser });
  const stored: Record<string, unknown> = current ? dropNulls(PROFILE_TABLE[step].fromRow(current)) : {};
  const sent = fromApiNames(step, body);
  const merged: Record<string, unknown> = { ...stored, ...sent };
  for (const nested of ["paymentDetails", "pulseScores"]) {
    const a = stored[nested];
    const b = sent[nested];
    if (isPlainObject(a) && isPlainObject(b)) merged[nested] = { ...dropNulls(a), ...b };
  }
  const parsed = parseStep(step, merged);
  // The message names each field as the caller sent it; forms use the field errors.
  if (!parsed.success) throw new AppError("BAD_REQUEST", describeForApi(step, parsed.error), fieldErrorsOf(parsed.error));
  return saveProfileStep(actor, { step, values: parsed.data } as StepSubmission);
}

export type DraftResult = { profile: ExpertProfile; fieldErrors: Record<string, string[]> };

/**
 * Autosave while typing. Each field is checked on its own with the step's draft rules; valid
 * ones are written, invalid ones are reported and left as stored. The step flag is not set
 * here (only Save & Continue completes a step), and a step already completed is never left
 * invalid: if the draft would break it, nothing is written.
 */
export async function saveProfileDraft(actor: Actor | null, draft: StepDraft): Promise<DraftResult> {
  requirePermission(actor, "update:expert:own");
  const { step } = draft;
  const valid: Record<string, unknown> = {};
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(draft.values)) {
    const rule = draftRuleOf(step, key);
    if (!rule) continue;
    const parsed = rule.safeParse(value);
    if (parsed.success) valid[key] = parsed.data;
    else
      for (const [path, messages] of Object.entries(fieldErrorsOf(parsed.error)))
        fieldErrors[path === "_form" ? key : `${key}.${path}`] = messages;
  }
  // Cross-field rules (min ≤ max rate) are only checked on the whole step; a draft with an
  // inverted range keeps the stored rates.
  if (
    step === "payments" &&
    typeof valid.hourlyRateMin === "number" &&
    typeof valid.hourlyRateMax === "number" &&
    valid.hourlyRateMin > valid.hourlyRateMax
  ) {
    delete valid.hourlyRateMin;
    delete valid.hourlyRateMax;
  }

  const expert = await db().$transaction(async (tx) => {
    const current = await tx.expert.findUnique({ where: { userId: actor.userId }, include: withUser });
    if (current && toProfileSteps(current)[step]) {
      const whole = parseStep(step, { ...PROFILE_TABLE[step].fromRow(current), ...valid });
      const missing = whole.success && step === "payments" ? missingBankNumbers(whole.data as StepValues<"payments">, current) : {};
      if (!whole.success || Object.keys(missing).length) {
        if (!whole.success) Object.assign(fieldErrors, fieldErrorsOf(whole.error));
        return current;
      }
    }
    if (Object.keys(valid).length === 0) return current ?? writeStep(actor, step, {}, false, tx, null);
    // Each value passed its own field's rule above, so it is that field's checked value.
    const columns = columnsOf(step, valid as Partial<StepValues<typeof step>>, actor.userId);
    // Autosave keeps payout details until Save & Continue when the password is not fresh (that
    // save asks for it): a draft never fails for it, and never changes where money goes unasked.
    const fresh = !actor.impersonating && isRecentlyAuthenticated(actor);
    return writeStep(actor, step, fresh ? columns : withoutPayoutColumns(columns), false, tx, current);
  });
  if (Object.keys(valid).length) await revalidateExpertPages(expert.id);
  return { profile: toProfile(expert), fieldErrors };
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

/** The basics fields a PATCH may send that complete the step; bio and department are kept on their own. */
const BASICS_KEYS = ["roleTitle", "organizationName", "state", "availabilityStatus", "timeZone"] as const;

/**
 * experts-me PATCH: profile fields, merged with what is stored and checked as a
 * whole basics step; bio and department alone; pulse_scores (with improvement_areas and
 * additional_notes) save the pulse step and mark it done. Everything in one transaction: a
 * bad pulse score leaves the other fields untouched too.
 */
export async function patchOwnProfile(actor: Actor | null, patch: ProfilePatch): Promise<ExpertProfile> {
  requirePermission(actor, "update:expert:own");
  const expert = await db().$transaction(async (tx) => {
    const current = await tx.expert.findUnique({ where: { userId: actor.userId }, include: withUser });
    const data: Columns = {};
    const fail = (error: z.ZodError, fallback: string): never => {
      throw new AppError("BAD_REQUEST", error.issues[0]?.message ?? fallback, fieldErrorsOf(error));
    };
    if (BASICS_KEYS.some((k) => k in patch)) {
      const stored = current ? PROFILE_TABLE.basics.fromRow(current) : {};
      const parsed = parseStep("basics", {
        ...stored,
        ...Object.fromEntries(BASICS_KEYS.filter((k) => k in patch).map((k) => [k, patch[k]])),
      });
      if (!parsed.success) fail(parsed.error, "Invalid profile");
      else Object.assign(data, columnsOf("basics", parsed.data, actor.userId), { stepBasics: true });
    }
    for (const key of ["bio", "department"] as const) {
      if (key in patch) Object.assign(data, columnsOf("basics", { [key]: patch[key] ?? null }, actor.userId));
    }
    if ("pulse_scores" in patch) {
      // A PATCH changes the areas it names and keeps the stored others; an unknown area is an
      // error (it used to be dropped silently, resetting every stored score to the default).
      const sent = patch.pulse_scores;
      const known = new Set<string>(PULSE_AREAS.map((a) => a.value));
      const unknown = isPlainObject(sent) ? Object.keys(sent).find((k) => !known.has(k)) : undefined;
      if (unknown !== undefined) throw new AppError("BAD_REQUEST", `pulse_scores: unknown area "${unknown.slice(0, 40)}"`);
      const stored = isPlainObject(current?.pulseScores) ? current.pulseScores : {};
      const parsed = parseStep("pulse", {
        pulseScores: isPlainObject(sent) ? { ...stored, ...sent } : sent,
        improvementAreas: patch.improvement_areas ?? current?.improvementAreas ?? [],
        additionalNotes: patch.additional_notes ?? current?.additionalNotes ?? null,
      });
      if (!parsed.success) fail(parsed.error, "Invalid pulse scores");
      else Object.assign(data, columnsOf("pulse", parsed.data, actor.userId), { stepPulse: true });
    }
    if (Object.keys(data).length === 0) throw new AppError("BAD_REQUEST", "Nothing to update");
    return tx.expert.upsert({
      where: { userId: actor.userId },
      create: { ...data, userId: actor.userId },
      update: data,
      include: withUser,
    });
  });
  await revalidateExpertPages(expert.id);
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
 * upsert-expert-signup is called without a token right after sign-up. It must not
 * let anyone write someone else's expert row, so:
 *  - with a session or bearer token, it acts only on the caller's own account (userId must match);
 *  - without one, it only CREATES: the account must exist, hold the expert role, carry this
 *    exact e-mail, and have no expert row yet. An existing row is never changed anonymously.
 * Our own registration creates the row in its transaction, so anonymous calls are a no-op for
 * our users; this keeps the endpoint for external sign-up flows without opening a hole.
 */
export async function upsertExpertSignup(input: SignupUpsert, actor: Actor | null): Promise<ExpertProfile> {
  if (actor && actor.userId !== input.userId) throw new AppError("FORBIDDEN", "You can only set up your own expert profile");
  return db().$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: input.userId },
      select: { id: true, email: true, roles: { select: { role: true } }, expert: { select: { id: true } } },
    });
    const sameEmail = user && user.email === normalizeEmail(input.email);
    if (!user || !sameEmail || !user.roles.some((r) => r.role === "expert"))
      throw new AppError("NOT_FOUND", "No expert account matches this sign-up");
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
    const expert = await tx.expert.upsert({
      where: { userId: user.id },
      create: { userId: user.id, ...fields },
      update: fields,
      include: withUser,
    });
    return toProfile(expert);
  });
}
