import Link from "next/link";
import type { DonationReceipt } from "@/lib/money/donations";
import { DONATION_STATE_WORDS } from "@/lib/money/donation-words";
import { formatDay, formatMoney } from "@/lib/platform/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The expert's donations with their receipts: apart from the earnings, since the money was never theirs. */
export function DonationsCard({ donations }: { donations: DonationReceipt[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your donations</CardTitle>
        <CardDescription>Pay you gave to your school or district. It is not part of your earnings or your 1099 threshold.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm">
          {donations.map((d) => (
            <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2" data-testid="donation-row">
              <span className="min-w-0 break-words">
                <Link href={`/payments/donations/${d.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {d.number}
                </Link>{" "}
                {d.projectTitle} · to {d.districtName} · {formatDay(d.donatedAt)}
                <span className="block text-muted-foreground">{DONATION_STATE_WORDS[d.state]}</span>
              </span>
              <span className="font-semibold">{formatMoney(d.amountCents)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
