"use client";

import { setIncentiveDefaultAction } from "@/lib/money/actions/incentives";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { IncentiveChoiceForm, type IncentiveChoiceValue } from "@/components/engagements/incentive-choice-form";

/** Settings: what happens to the expert's pay by default (each engagement can still change it). */
export function IncentiveDefaultCard({
  choice,
  districtName,
  setByGiftLimit,
}: {
  choice: IncentiveChoiceValue;
  districtName: string | null;
  setByGiftLimit: boolean;
}) {
  return (
    <Card id="your-pay" className="scroll-mt-24">
      <CardHeader>
        <CardTitle as="h2">Your pay</CardTitle>
        <CardDescription>
          Take it, donate it to your school or district, or decline it. Each study takes this choice when you join it, and you can change it
          on the study&apos;s card until it is completed.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <IncentiveChoiceForm
          id="incentive-default"
          label="By default"
          initial={choice}
          canDonate={districtName !== null}
          save={(c) => setIncentiveDefaultAction({ choice: c })}
          saved="Your pay choice is saved"
        />
        {districtName ? (
          <p>
            Donations go to <strong>{districtName}</strong>, the district named by your confirmed school e-mail. We pay them to the district
            once a month and send you a receipt. Donated pay is never paid to you, so it does not count toward your 1099 threshold.
          </p>
        ) : (
          <p className="text-muted-foreground">To donate, confirm your school e-mail address below: we link the district it names.</p>
        )}
        {setByGiftLimit ? (
          <p data-testid="gift-limit-default">
            Your district&apos;s annual gift limit turned your default to Donate for the rest of this calendar year. You can change it.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
