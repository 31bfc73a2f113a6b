// The district rule where an engagement starts or an expert takes part: the client's invite and
// a replacement are refused or skip the expert when their district closes the study; the expert
// applying or accepting is told the same, and for a district whose policy is not on file checks
// it and attests (a versioned consent row per engagement, like the outside-activity one).
import "server-only";
import type { Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { RequestMeta } from "@/lib/platform/request";
import { DISTRICT_POLICY_CHECKED_TEXT, DISTRICT_POLICY_CHECKED_VERSION } from "@/lib/accounts/attestations";
import { expertStanding, type DistrictStanding } from "@/lib/districts/approval-gate";
import { POLICY_NOT_ON_FILE } from "@/lib/districts/research-policy-words";

/** What the expert reads when their district closes the study to them. */
export function expertClosedReason(s: DistrictStanding): string | null {
  if (s.kind === "declined") return `${s.name}'s research office declined this study, so you cannot take part in it.`;
  if (s.kind === "awaiting") return `${s.name}'s research office has not approved this study yet, so you cannot take part in it for now.`;
  return null;
}

export const DISTRICT_CHECK_REQUIRED = () =>
  new AppError("BAD_REQUEST", `${POLICY_NOT_ON_FILE}.`, {
    districtPolicyChecked: [`${POLICY_NOT_ON_FILE}: ${DISTRICT_POLICY_CHECKED_TEXT}`],
  });

/**
 * The expert takes part (applies, accepts): refused when their district closes the study; for a
 * policy not on file, only once they attest they checked it (kept as a consent row).
 */
export async function expertMayTakePart(
  tx: Tx,
  who: { userId: string; expertId: string; projectId: string; engagementId?: string },
  checked: boolean | undefined,
  now: Date,
) {
  const standing = await expertStanding(tx, who.projectId, who.expertId, now);
  const closed = expertClosedReason(standing);
  if (closed) throw new AppError("CONFLICT", closed);
  if (standing.kind === "unknown" && checked !== true) throw DISTRICT_CHECK_REQUIRED();
  return standing;
}

export async function recordDistrictCheck(
  tx: Tx,
  userId: string,
  engagementId: string,
  standing: DistrictStanding,
  meta: RequestMeta | null | undefined,
) {
  if (standing.kind !== "unknown") return;
  await tx.userConsent.create({
    data: {
      userId,
      consentType: "DISTRICT_POLICY_CHECKED",
      version: DISTRICT_POLICY_CHECKED_VERSION,
      engagementId,
      ipAddress: meta?.ip ?? null,
      userAgent: meta?.userAgent ?? null,
    },
  });
}
