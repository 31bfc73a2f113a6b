// The admins' daily digest (lib/admin/digest.ts): what the payout and verification
// clocks say needs doing. Each figure is quoted from the rule that sets it.

import { PAYOUT_DUE_BUSINESS_DAYS } from "@/lib/money/policy";
import { VERIFICATION_DUE_BUSINESS_DAYS } from "@/lib/experts/verification-rules";
import { composeMail, line, linkLine, listLine, type Line } from "@/lib/platform/mail/content";

export type DigestLine = string;

/** A titled list: "Payouts overdue (2):" and its lines, or nothing when it is empty. */
const section = (title: string, lines: DigestLine[]): Line[] =>
  lines.length ? [line`${title} (${String(lines.length)}):`, listLine(lines)] : [];

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
  const payouts = digest.overduePayouts.length || digest.dueTomorrow.length;
  return composeMail({
    subject: `Daily digest for ${day}: ${counts.join(", ")}`,
    firstName,
    body: [
      ...section("Payouts overdue", digest.overduePayouts),
      ...section("Payouts due tomorrow", digest.dueTomorrow),
      ...(payouts
        ? [
            line`Each payout is due ${String(PAYOUT_DUE_BUSINESS_DAYS)} business days after the expert asked for it. The payout desk: ${linkLine(payoutsLink)}`,
          ]
        : []),
      ...section(`Verifications waiting past ${VERIFICATION_DUE_BUSINESS_DAYS} business days`, digest.lateVerifications),
      ...(digest.lateVerifications.length ? [line`Review them in Admin › Experts: ${linkLine(expertsLink)}`] : []),
    ],
    why: "You are an administrator of K12 Experts, and payouts or verifications are waiting past their clock.",
  });
}
