import { z } from "../../platform/validation/zod";

// An expert's conflict-of-interest declarations: employer and the vendors or
// products they have a financial relationship with. Saving replaces the whole list.

export const MAX_DECLARED_RELATIONSHIPS = 30;

/** A bare domain ("acme.com"); a pasted URL or e-mail address is reduced to its host. */
export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, "A domain is at most 253 characters")
  .transform((v) =>
    v
      .replace(/^[a-z]+:\/\//, "")
      .replace(/^.*@/, "")
      .replace(/[/?#].*$/, "")
      .replace(/^www\./, ""),
  )
  .refine(
    (v) => v === "" || /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(v),
    "Enter a domain like example.com",
  )
  .transform((v) => (v === "" ? null : v));

const optionalDomain = domainSchema.nullish().transform((v) => v ?? null);

export const declaredRelationshipSchema = z.object({
  name: z.string().trim().min(2, "Name the vendor or product (at least 2 characters)").max(120, "A name is at most 120 characters"),
  domain: optionalDomain,
});

/** "Do you take part in purchasing decisions?" — the profile's purchase-influence field. */
export const PURCHASE_INFLUENCE_OPTIONS = [
  { value: "low", label: "No, or rarely" },
  { value: "medium", label: "I recommend purchases" },
  { value: "high", label: "I decide or approve purchases" },
] as const;

export const conflictDeclarationsSchema = z.object({
  employerName: z
    .string()
    .trim()
    .max(200, "The employer's name is at most 200 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
  employerDomain: optionalDomain,
  /** Omitted: left as it is. */
  purchaseInfluence: z.enum(["low", "medium", "high"], { error: "Choose one of the answers" }).nullish(),
  relationships: z
    .array(declaredRelationshipSchema)
    .max(MAX_DECLARED_RELATIONSHIPS, `Declare at most ${MAX_DECLARED_RELATIONSHIPS} vendors or products`)
    .default([]),
});
export type ConflictDeclarationsInput = z.input<typeof conflictDeclarationsSchema>;
export type ConflictDeclarations = z.output<typeof conflictDeclarationsSchema>;
