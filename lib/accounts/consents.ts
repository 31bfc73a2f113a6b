import "server-only";
import { cache } from "react";
import { db, type Tx } from "@/lib/platform/db";
import { isDemoMode } from "@/lib/platform/env";
import { sharedRead, sharedReadChanged } from "@/lib/platform/shared-read";
import { AppError } from "@/lib/platform/errors";
import { csvText } from "@/lib/platform/csv";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { compareVersions, policiesFor, POLICY_TYPES, POLICY_VERSIONS, type PolicyType } from "@/lib/accounts/policy-versions";
import type { RequestMeta } from "@/lib/platform/request";
import { parseOrThrow } from "@/lib/platform/validation/parse";
import {
  acceptPoliciesSchema,
  policyVersionOverrideSchema,
  type AcceptPoliciesInput,
  type PolicyVersionOverrideInput,
} from "@/lib/accounts/schemas/consents";

// Policy consents that are kept: what a person accepted, with version, time, IP
// and browser; asking again when a policy they accepted has a newer version; and the history
// as CSV. Rows are only ever added: an old acceptance stays next to the new one.

type Versions = Record<PolicyType, string>;

const TABLE_VERSIONS = Object.fromEntries(POLICY_TYPES.map((t) => [t, POLICY_VERSIONS[t].version])) as Versions;

/**
 * DEMO_MODE only: platform_settings rows that publish a policy as version "<value>.0", for
 * everyone ("policy_version_override:PRIVACY") or for one user
 * ("policy_version_override:PRIVACY:<userId>", which wins). Set by POST
 * /api/admin-policy-versions, so an end-to-end test can see a version change without editing
 * code. A real deployment never reads them.
 */
export const POLICY_OVERRIDE_PREFIX = "policy_version_override";
const overrideKey = (policy: PolicyType, userId?: string | null) =>
  userId ? `${POLICY_OVERRIDE_PREFIX}:${policy}:${userId}` : `${POLICY_OVERRIDE_PREFIX}:${policy}`;

const POLICY_OVERRIDES_TAG = "policy-version-overrides";

/** Every override row, shared by all pages' policy checks until an override is set or cleared. */
const overrideRows = sharedRead(
  () => db().platformSetting.findMany({ where: { key: { startsWith: `${POLICY_OVERRIDE_PREFIX}:` } }, select: { key: true, value: true } }),
  POLICY_OVERRIDES_TAG,
  POLICY_OVERRIDES_TAG,
);

/** The current version of every policy for this user (or for everyone: null). */
export async function currentPolicyVersions(userId: string | null): Promise<Versions> {
  if (!isDemoMode()) return TABLE_VERSIONS;
  const rows = await overrideRows();
  if (rows.length === 0) return TABLE_VERSIONS;
  const value = new Map(rows.map((r) => [r.key, r.value]));
  const out = { ...TABLE_VERSIONS };
  for (const t of POLICY_TYPES) {
    const major = (userId ? value.get(overrideKey(t, userId)) : undefined) ?? value.get(overrideKey(t));
    if (major !== undefined) out[t] = `${major}.0`;
  }
  return out;
}

/**
 * Registration: one row per policy the person accepted by signing up (which ones is the
 * caller's decision, see registerExpert/registerClient), inside the registration's transaction.
 */
export async function recordConsents(tx: Tx, userId: string, policies: readonly PolicyType[], versions: Versions, meta: RequestMeta) {
  await tx.userConsent.createMany({
    data: policies.map((consentType) => ({
      userId,
      consentType,
      version: versions[consentType],
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    })),
  });
}

/**
 * Every acceptance the person has given (policy, version, when), once per render: every signed-in
 * page checks them for a newer version, and the dashboard's privacy card shows the latest
 * privacy consent from the same rows. React's cache lives for one server render; a server
 * action's own reads are not memoised.
 */
const consentsOf = cache((userId: string) =>
  db().userConsent.findMany({ where: { userId }, select: { consentType: true, version: true, acceptedAt: true } }),
);

/** When the person last accepted `policy`, or null. */
export async function lastAcceptedAt(userId: string, policy: PolicyType): Promise<Date | null> {
  let last: Date | null = null;
  for (const r of await consentsOf(userId)) if (r.consentType === policy && (!last || r.acceptedAt > last)) last = r.acceptedAt;
  return last;
}

export type PendingPolicy = {
  policy: PolicyType;
  title: string;
  href: string;
  version: string;
  effective: string;
  changes: string;
  acceptedVersion: string;
};

/**
 * The policies this user must accept again: those that apply to their roles, that they have
 * accepted before, and whose current version is newer than the newest they accepted. A user
 * with no row for a policy is not asked (accounts made before consents were kept, by the
 * seed or by tests). One indexed query on (user_id, consent_type, accepted_at); in demo mode
 * one more for the override.
 */
export async function listPendingPolicies(user: Pick<Actor, "userId" | "roles">): Promise<PendingPolicy[]> {
  const types = policiesFor(user.roles);
  const [rows, current] = await Promise.all([consentsOf(user.userId), currentPolicyVersions(user.userId)]);
  const newest = new Map<PolicyType, string>();
  for (const r of rows) {
    const t = r.consentType as PolicyType;
    if (!types.includes(t)) continue;
    const seen = newest.get(t);
    if (!seen || compareVersions(r.version, seen) > 0) newest.set(t, r.version);
  }
  return types.flatMap((policy) => {
    const accepted = newest.get(policy);
    if (!accepted || compareVersions(current[policy], accepted) <= 0) return [];
    const p = POLICY_VERSIONS[policy];
    return [
      {
        policy,
        title: p.title,
        href: p.href,
        version: current[policy],
        effective: p.effective,
        changes: p.changes,
        acceptedVersion: accepted,
      },
    ];
  });
}

/**
 * The signed-in person accepts the new versions shown to them: every pending policy must be
 * in `policies`. New rows are added; the earlier acceptances stay. Never on someone's behalf.
 */
export async function acceptPolicies(actor: Actor, raw: AcceptPoliciesInput, meta: RequestMeta): Promise<{ accepted: PolicyType[] }> {
  if (actor.impersonating) throw new AppError("FORBIDDEN", "Stop viewing as another user to accept policies.");
  const { policies } = parseOrThrow(acceptPoliciesSchema, raw);
  const pending = await listPendingPolicies(actor);
  if (pending.some((p) => !policies.includes(p.policy))) throw new AppError("BAD_REQUEST", "Accept the updated policies to continue.");
  if (pending.length) {
    await db().userConsent.createMany({
      data: pending.map((p) => ({
        userId: actor.userId,
        consentType: p.policy,
        version: p.version,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
      })),
    });
  }
  return { accepted: pending.map((p) => p.policy) };
}

export const CONSENT_CSV_HEADER = [
  "Accepted at",
  "Consent",
  "Version",
  "IP address",
  "User agent",
  "Engagement id",
  "Project id",
  "User id",
  "Email",
] as const;

/**
 * One user's whole consent history, newest first, as CSV (a data request): your own, or
 * anyone's with manage:user:any. Someone else's without it is refused; an unknown user is not found.
 */
export async function exportConsentHistoryCsv(actor: Actor | null, userId: string): Promise<{ filename: string; csv: string }> {
  if (!actor || actor.userId !== userId) requirePermission(actor, "manage:user:any");
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, consents: { orderBy: [{ acceptedAt: "desc" }, { id: "asc" }] } },
  });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  const rows = user.consents.map((c) => [
    c.acceptedAt.toISOString(),
    c.consentType,
    c.version,
    c.ipAddress,
    c.userAgent,
    c.engagementId,
    c.projectId,
    user.id,
    user.email,
  ]);
  return { filename: `consents-${user.id}.csv`, csv: csvText(CONSENT_CSV_HEADER, rows) };
}

/** Demo mode only (a real deployment: not found), admins only: see POLICY_OVERRIDE_PREFIX. */
export async function setPolicyVersionOverride(
  actor: Actor | null,
  raw: PolicyVersionOverrideInput,
): Promise<{ policy: PolicyType; version: string }> {
  if (!isDemoMode()) throw new AppError("NOT_FOUND", "Not found");
  requirePermission(actor, "manage:platform:any");
  const input = parseOrThrow(policyVersionOverrideSchema, raw);
  if (input.userId && !(await db().user.findUnique({ where: { id: input.userId }, select: { id: true } })))
    throw new AppError("NOT_FOUND", "User not found");
  const key = overrideKey(input.policy, input.userId);
  if (input.major === null) {
    await db().platformSetting.deleteMany({ where: { key } });
  } else {
    await db().platformSetting.upsert({
      where: { key },
      create: { key, value: input.major, updatedBy: actor.realUserId },
      update: { value: input.major, updatedBy: actor.realUserId },
    });
  }
  sharedReadChanged(POLICY_OVERRIDES_TAG);
  const versions = await currentPolicyVersions(input.userId ?? null);
  return { policy: input.policy, version: versions[input.policy] };
}
