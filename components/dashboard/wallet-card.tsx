"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import Link from "next/link";
import { toast } from "sonner";
import { cashOutAction } from "@/lib/experts/actions/dashboard";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDateIn, formatMoney } from "@/lib/platform/format";
import { labelOf } from "@/lib/vocabulary/options";
import { PAYMENT_METHODS, PAYMENT_METHOD_TIMINGS, type PaymentMethod } from "@/lib/vocabulary/payments";
import { PAYOUT_WEEKDAY, POLICY } from "@/lib/money/policy";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PayoutStatusBadge, type WalletPayout } from "@/components/dashboard/payout-status";
import { useReauth } from "@/components/settings/reauth-dialog";
import { W9_LINK, W9_REQUIRED_MESSAGE } from "@/lib/money/tax";

type Props = {
  wallet: { availableCents: number; pendingCents: number; totalEarnedCents: number };
  payouts: WalletPayout[];
  /** The expert's payment method on file: the payout goes there, so the confirmation names it. */
  paymentMethod: PaymentMethod | null;
  /** The expert's profile zone: a payout's request day is the day there. */
  timeZone: string;
};

export function WalletCard({ wallet, payouts, paymentMethod, timeZone }: Props) {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <BalanceCard title="Available Balance" cents={wallet.availableCents} caption="Ready for cash out" testId="wallet-available" />
        <BalanceCard title="Pending QC" cents={wallet.pendingCents} caption="Under quality review" testId="wallet-pending" />
        <BalanceCard title="Total Earned" cents={wallet.totalEarnedCents} caption="All-time earnings" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <CashOutCard availableCents={wallet.availableCents} paymentMethod={paymentMethod} />
        <Card>
          <CardHeader>
            <CardTitle as="h3">Recent Payouts</CardTitle>
          </CardHeader>
          <CardContent>
            {payouts.length === 0 ? (
              <p className="text-sm text-muted-foreground">No payout history yet</p>
            ) : (
              <ul className="divide-y divide-border" aria-label="Recent payouts">
                {payouts.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="payout-row">
                    <div>
                      <p className="font-medium">{formatMoney(p.amountCents)}</p>
                      <p className="text-muted-foreground">
                        {p.paymentMethod ? labelOf(PAYMENT_METHODS, p.paymentMethod) : "Payment method not set"} ·{" "}
                        {formatDateIn(p.createdAt, timeZone)}
                      </p>
                    </div>
                    <PayoutStatusBadge status={p.status} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/**
 * Cash out the whole available balance: a confirmation naming where the money goes, the password
 * again when the last one is not recent, and the W-9 refusal kept on the card with a way to the
 * form (a toast alone would vanish). The dashboard's Wallet tab and /payments both show it.
 */
export function CashOutCard({
  availableCents,
  paymentMethod,
  headingLevel = "h3",
}: {
  availableCents: number;
  paymentMethod: PaymentMethod | null;
  headingLevel?: "h2" | "h3";
}) {
  const router = useRouter();
  const [processing, setProcessing] = useState(false);
  const [needsW9, setNeedsW9] = useState(false);
  const [, startTransition] = useTransition();
  const { withReauth, dialog } = useReauth();

  async function cashOut() {
    setProcessing(true);
    const res = await withReauth(() => cashOutAction({}));
    setNeedsW9(!res.ok && res.message === W9_REQUIRED_MESSAGE);
    if (res.ok) {
      toast.success("Cash Out Initiated", {
        description: "Your payout request has been submitted and will be processed within 7 business days.",
      });
      startTransition(() => router.refresh());
    } else {
      // The server's own words (e.g. "There is no available balance to cash out."); its fallback is
      // "Failed to initiate cash out. Please try again."
      toast.error("Cash Out Failed", { description: res.message });
    }
    setProcessing(false);
  }

  return (
    <Card>
      {dialog}
      <CardHeader>
        <CardTitle as={headingLevel}>Cash Out</CardTitle>
        <CardDescription>Request a payout of your whole available balance to your payment method on file.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <ConfirmDialog
          trigger={
            <Button disabled={processing || availableCents <= 0} aria-busy={processing}>
              {processing ? <Spinner label="Processing…" /> : null}
              {processing ? "Processing…" : `Cash Out ${formatMoney(availableCents)}`}
            </Button>
          }
          title={`Cash out ${formatMoney(availableCents)}?`}
          description={
            paymentMethod ? (
              <>
                <span data-testid="cash-out-summary">
                  {formatMoney(availableCents)} will be paid to your {labelOf(PAYMENT_METHODS, paymentMethod)} account on file
                </span>
                ; its estimated payout date is the {PAYOUT_WEEKDAY} after ({labelOf(PAYMENT_METHODS, paymentMethod)} then takes{" "}
                {PAYMENT_METHOD_TIMINGS[paymentMethod]}), and no fees are deducted.
              </>
            ) : (
              <span data-testid="cash-out-summary">
                {formatMoney(availableCents)} will be paid out, but you have no payment method on file yet: choose one in{" "}
                <Link href="/onboarding?step=payments" className="underline underline-offset-4">
                  your profile&apos;s Payments step
                </Link>{" "}
                so the payment desk can send it.
              </span>
            )
          }
          confirmLabel="Confirm Cash Out"
          onConfirm={cashOut}
        />
        {needsW9 && (
          <p role="alert" className="text-sm text-destructive" data-testid="w9-required">
            {W9_REQUIRED_MESSAGE}{" "}
            <Link href={W9_LINK} className="font-medium underline underline-offset-4">
              Complete your W-9
            </Link>
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          Earnings move from Pending QC to Available after quality review, then to Processing when you cash out, and to Paid once the
          payment is sent. {POLICY.payout}
        </p>
      </CardContent>
    </Card>
  );
}

function BalanceCard({ title, cents, caption, testId }: { title: string; cents: number; caption: string; testId?: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-sm font-medium">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold" data-testid={testId}>
          {formatMoney(cents)}
        </p>
        <p className="text-sm text-muted-foreground">{caption}</p>
      </CardContent>
    </Card>
  );
}
