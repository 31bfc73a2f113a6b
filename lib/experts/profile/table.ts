import { z } from "@/lib/platform/validation/zod";
import { PROFILE_STEPS, type ProfileStep } from "@/lib/accounts/constants";
import type { FormValues } from "@/lib/experts/profile/step";
import { basics } from "@/lib/experts/profile/steps/basics";
import { linkedin } from "@/lib/experts/profile/steps/linkedin";
import { expertise } from "@/lib/experts/profile/steps/expertise";
import { preferences } from "@/lib/experts/profile/steps/preferences";
import { payments } from "@/lib/experts/profile/steps/payments";
import { pulse } from "@/lib/experts/profile/steps/pulse";

/**
 * THE PROFILE TABLE: one entry per onboarding step, in the wizard's order. Each entry
 * (lib/experts/profile/steps/<step>.ts) holds the step's zod schema, its draft rules, its defaults and
 * its mapping to the expert row's columns. The service, the wizard's initial values, the form
 * types and the onboarding action's input are all derived from here: to add a profile field,
 * add it to its step's entry (and the column to prisma/schema.prisma), then to its fields component.
 */
export const PROFILE_TABLE = { basics, linkedin, expertise, preferences, payments, pulse } as const satisfies Record<ProfileStep, unknown>;

type Table = typeof PROFILE_TABLE;
export type StepSchema<S extends ProfileStep> = Table[S]["schema"];
/** A step's values as the form holds them (any field may still be empty). */
export type StepForm<S extends ProfileStep> = FormValues<StepSchema<S>>;
/** A step's values after its schema accepted them: what the service writes. */
export type StepValues<S extends ProfileStep> = z.output<StepSchema<S>>;

export const STEP_TITLES = Object.fromEntries(PROFILE_STEPS.map((s) => [s, PROFILE_TABLE[s].title])) as Record<ProfileStep, string>;

/** Save & Continue's input: the step, and its values checked by that step's schema. */
export type StepSubmission = { [S in ProfileStep]: { step: S; values: StepValues<S> } }[ProfileStep];
/** Autosave's input: the step and any of its fields, each checked on its own by the service. */
export type StepDraft = { [S in ProfileStep]: { step: S; values: Partial<StepForm<S>> } }[ProfileStep];

// The form sends what the person typed (any of StepForm); the schema turns it into StepValues or refuses.
const submissionOf = <S extends ProfileStep>(step: S) =>
  z.object({
    step: z.literal(step),
    values: z.custom<Partial<StepForm<S>>>().transform((v, ctx) => {
      const parsed = parseStep(step, v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    }),
  });
const draftOf = <S extends ProfileStep>(step: S) =>
  z.object({
    step: z.literal(step),
    values: z.custom<Partial<StepForm<S>>>((v) => typeof v === "object" && v !== null && !Array.isArray(v), "Nothing to save"),
  });

export const stepSubmissionSchema = z.discriminatedUnion("step", [
  submissionOf("basics"),
  submissionOf("linkedin"),
  submissionOf("expertise"),
  submissionOf("preferences"),
  submissionOf("payments"),
  submissionOf("pulse"),
]);
export const stepDraftSchema = z.discriminatedUnion("step", [
  draftOf("basics"),
  draftOf("linkedin"),
  draftOf("expertise"),
  draftOf("preferences"),
  draftOf("payments"),
  draftOf("pulse"),
]);

/** Checks a whole step (the API's path, after merging what is stored). */
export function parseStep<S extends ProfileStep>(step: S, raw: unknown): z.ZodSafeParseResult<StepValues<S>> {
  const schema: z.ZodType = PROFILE_TABLE[step].schema;
  return schema.safeParse(raw) as z.ZodSafeParseResult<StepValues<S>>;
}

/** The rule autosave checks one field with: the draft rule where the step has one, else the step's own. */
export function draftRuleOf(step: ProfileStep, field: string): z.ZodType | undefined {
  const entry: { schema: z.ZodObject; draft?: Record<string, z.ZodType | undefined> } = PROFILE_TABLE[step];
  return entry.draft?.[field] ?? entry.schema.shape[field];
}
