import { z } from "../../platform/validation/zod";
import { POLICY_TYPES } from "@/lib/accounts/policy-versions";

// Policy consents: accepting new versions, and demo mode's version override.

const policyType = z.enum(POLICY_TYPES, { error: "Unknown policy" });

/** The policies the person ticked on /settings/policies: each one the page showed. */
export const acceptPoliciesSchema = z.object({
  policies: z.array(policyType).min(1, "Accept the updated policies to continue.").max(POLICY_TYPES.length),
});
export type AcceptPoliciesInput = z.infer<typeof acceptPoliciesSchema>;

export const POLICY_OVERRIDE_MAX = 99;

/**
 * Demo mode only: publish policy `policy` as version "<major>.0" (null: back to the table's
 * version), for every user or for one (`userId`), so a test can change a version without
 * editing code and without disturbing other users.
 */
export const policyVersionOverrideSchema = z.object({
  policy: policyType,
  major: z
    .int({ error: `major must be a whole number from 1 to ${POLICY_OVERRIDE_MAX}, or null` })
    .min(1)
    .max(POLICY_OVERRIDE_MAX)
    .nullable(),
  userId: z.uuid({ error: "userId must be a user id" }).optional(),
});
export type PolicyVersionOverrideInput = z.infer<typeof policyVersionOverrideSchema>;
