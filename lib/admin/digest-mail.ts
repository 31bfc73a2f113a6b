// The admins' daily digest (lib/admin/digest.ts): what the payout and verification
// clocks say needs doing. Each figure is quoted from the rule that sets it.

import { PAYOUT_DUE_BUSINESS_DAYS } from "@/lib/money/policy";
import { VERIFICATION_DUE_BUSINESS_DAYS } from "@/lib/experts/verification-rules";

export type DigestLine = string;

const SIGN_OFF = "\n\n— K12 Experts";

const section = (title: string, lines: DigestLine[]) =>
  lines.length ? `${title} (${lines.length}):\n${lines.map((l) => `- ${l}`).join("\n")}` : null;

export function adminDigestEmail(
  firstName: string,
  day: string,
  digest: { dueTomorrow: DigestLine[]; overduePayouts: DigestLine[]; lateVerifications: DigestLine[] },
  payoutsLink: string,
  expertsLink: string,
) {
  const counts = [
    digest.overduePayouts.length ? `${digest.overduePayouts.length} overdue` : null,
    digest.dueTomorrow.length ? `${digest.dueTomorrow.length} due tomorrow` : null,
    digest.lateVerifications.length
      ? `${digest.lateVerifications.length} late ${digest.lateVerifications.length === 1 ? "verification" : "verifications"}`
      : null,
  ].filter(Boolean);
  const parts = [
    section("Payouts overdue", digest.overduePayouts),
    section("Payouts due tomorrow", digest.dueTomorrow),
    digest.overduePayouts.length || digest.dueTomorrow.length
      ? `Each payout is due ${PAYOUT_DUE_BUSINESS_DAYS} business days after the expert asked for it. The payout desk: ${payoutsLink}`
      : null,
    section(`Verifications waiting past ${VERIFICATION_DUE_BUSINESS_DAYS} business days`, digest.lateVerifications),
    digest.lateVerifications.length ? `Review them in Admin › Experts: ${expertsLink}` : null,
  ].filter(Boolean);
  return {
    subject: `Daily digest for ${day}: ${counts.join(", ")}`,
    text: `Hi ${firstName},\n\n${parts.join("\n\n")}${SIGN_OFF}`,
  };
}
