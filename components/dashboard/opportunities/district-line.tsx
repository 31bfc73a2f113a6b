import { POLICY_NOT_ON_FILE } from "@/lib/districts/research-policy-words";
import type { DistrictCardFacts } from "@/lib/engagements/view-types";

/** The card's district line: "Approved by <district>'s research office until <date>", or the policy-not-on-file warning. */
export function DistrictLine({ district }: { district: DistrictCardFacts | null | undefined }) {
  if (district?.approved)
    return (
      <p className="text-sm text-success-foreground" data-testid="district-approved">
        {district.approved}
      </p>
    );
  if (district?.notOnFile)
    return (
      <p className="text-sm text-muted-foreground" data-testid="district-not-on-file">
        {POLICY_NOT_ON_FILE}.
      </p>
    );
  return null;
}
