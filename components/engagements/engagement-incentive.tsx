"use client";

import { setEngagementIncentiveAction } from "@/lib/engagements/actions/incentive-choice";
import { formatMoney } from "@/lib/platform/format";
import { IncentiveChoiceForm, type IncentiveChoiceValue } from "@/components/engagements/incentive-choice-form";

export type EngagementIncentiveFacts = {
  choice: IncentiveChoiceValue;
  label: string;
  districtName: string | null;
  open: boolean;
  canDonate: boolean;
  overLimit: { districtName: string; limitCents: number; yearTotalCents: number } | null;
};

/**
 * On the expert's card: the district's gift limit when this study's pay would pass it (before
 * they join), and what happens to the pay, changeable until the engagement completes.
 */
export function EngagementIncentive({
  engagementId,
  facts,
  payCents,
}: {
  engagementId: string | null;
  facts: EngagementIncentiveFacts;
  payCents: number;
}) {
  const limit = facts.overLimit;
  return (
    <div className="space-y-2 text-sm" data-testid="engagement-incentive">
      {limit ? (
        <p className="rounded-md border border-amber-500/60 bg-amber-50 px-3 py-2 dark:bg-amber-950/40" data-testid="gift-limit-notice">
          {limit.districtName} limits gifts and honoraria to {formatMoney(limit.limitCents)} a calendar year. You have been paid{" "}
          {formatMoney(limit.yearTotalCents)} this year, and this study&apos;s {formatMoney(payCents)} would take you to{" "}
          {formatMoney(limit.yearTotalCents + payCents)}. If you join, its pay is donated to your district, and your default turns to Donate
          for the rest of the year; you can change either.
        </p>
      ) : null}
      {engagementId && facts.open ? (
        <IncentiveChoiceForm
          id={`incentive-${engagementId}`}
          label="Your pay for this study"
          initial={facts.choice}
          canDonate={facts.canDonate}
          save={(choice) => setEngagementIncentiveAction({ engagementId, choice })}
          saved="Your pay choice for this study is saved"
        />
      ) : engagementId ? (
        <p data-testid="incentive-label">
          Your pay: <strong>{facts.label}</strong>
          {facts.choice === "donate" && facts.districtName ? ` (to ${facts.districtName})` : ""}
        </p>
      ) : null}
    </div>
  );
}
