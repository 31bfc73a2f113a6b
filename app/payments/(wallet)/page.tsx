import type { Metadata } from "next";
import Link from "next/link";
import { getActor, mustAcceptPolicies } from "@/lib/accounts/session";
import { POLICIES_PAGE } from "@/lib/accounts/route-rules";
import { redirect } from "next/navigation";
import { nextFriday } from "@/lib/platform/dates";
import { getWallet, listPayoutsPage, payoutMethodOf } from "@/lib/money/wallet";
import { pageRequestOf } from "@/lib/platform/keyset";
import { PageLinks } from "@/components/ui/page-links";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadErrorToast } from "@/components/dashboard/load-error-toast";
import { LazyCashOutCard as CashOutCard, LazyPayoutHistory as PayoutHistory } from "@/components/payments/lazy-expert-parts";
import { EarningsList } from "@/components/dashboard/earnings-list";
import { listEarnings } from "@/lib/money/earnings";
import { getEarningsByMonth } from "@/lib/money/earnings-by-month";
import { EarningsChart } from "@/components/payments/earnings-chart";
import { formatDay, formatMoney } from "@/lib/platform/format";
import { DEFAULT_TIME_ZONE } from "@/lib/vocabulary/time";
import { can } from "@/lib/accounts/permissions";
import { PAYMENT_METHOD_LIST, PAYMENT_METHODS_PHRASE } from "@/lib/vocabulary/payments";
import { PAYMENT_STAGES, POLICY } from "@/lib/money/policy";
import { TaxSection } from "@/app/payments/tax-section";
import { DonationsCard } from "@/app/payments/donations-card";
import { listDonationsOfExpert } from "@/lib/money/donations";
import { settle as settleAs } from "@/lib/platform/settle";

export const metadata: Metadata = {
  title: "Payments",
  description: `How K12 Experts pays experts: ${PAYMENT_METHODS_PHRASE}, with no fees deducted.`,
};

// The one list of payment methods that onboarding and the help center also read.
const METHODS = PAYMENT_METHOD_LIST;

function HowPaymentsWork() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2">How payments work</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          <p>{POLICY.payoutClock}</p>
          <p>{POLICY.payout} Experts are never billed.</p>
          <ol className="list-decimal space-y-1 pl-5">
            {PAYMENT_STAGES.map((s) => (
              <li key={s.name}>
                <strong>{s.name}</strong> — {s.text}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Supported payment methods</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-2 text-sm">
            {METHODS.map((m) => (
              <li key={m.value} className="flex justify-between gap-4">
                <span className="font-medium">{m.label}</span>
                <span className="text-muted-foreground">{m.timing}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

const settle = <T,>(p: Promise<T>) => settleAs(p, "payments");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PaymentsPage({ searchParams }: Props) {
  const actor = await getActor();
  const isExpert = can(actor, "update:expert:own");

  if (!actor || !isExpert) {
    return (
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
        <h1 className="text-3xl font-bold">Payments</h1>
        <HowPaymentsWork />
        <p className="text-sm">
          {actor ? (
            "The wallet is for expert accounts."
          ) : (
            <>
              Are you an expert?{" "}
              <Link href="/expert/login?callbackUrl=%2Fpayments" className="text-primary underline underline-offset-4">
                Sign in to see your wallet
              </Link>
              .
            </>
          )}
        </p>
      </div>
    );
  }

  // The wallet is a signed-in page like the dashboard: a newer version of an accepted policy is accepted first.
  if (await mustAcceptPolicies(actor)) redirect(`${POLICIES_PAGE}?next=${encodeURIComponent("/payments")}`);

  const params = await searchParams;
  const earningsPage = pageRequestOf(params, "earnings");
  const payoutsPage = pageRequestOf(params, "payouts");
  const [wallet, payouts, earnings, byMonth, paymentMethod, donations] = await Promise.all([
    settle(getWallet(actor)),
    settle(listPayoutsPage(actor, payoutsPage)),
    settle(listEarnings(actor, earningsPage)),
    settle(getEarningsByMonth(actor)),
    settle(payoutMethodOf(actor)),
    settle(listDonationsOfExpert(actor)),
  ]);

  // The expert's own zone (read with their earnings): the payout Friday counts from their today.
  const timeZone = earnings.ok ? earnings.data.timeZone : DEFAULT_TIME_ZONE;

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Expert Wallet</h1>
      {wallet.ok ? (
        <>
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {[
              { label: "Available Balance", value: formatMoney(wallet.data.availableCents), caption: "Ready for cash out" },
              { label: "Pending QC", value: formatMoney(wallet.data.pendingCents), caption: "Under quality review" },
              { label: "Total Earned", value: formatMoney(wallet.data.totalEarnedCents), caption: "All-time earnings" },
              { label: "Estimated payout date", value: formatDay(nextFriday(new Date(), timeZone)), caption: "Next Friday" },
            ].map((c) => (
              <Card key={c.label}>
                <CardHeader className="pb-2">
                  <CardTitle as="h2" className="text-sm font-medium">
                    {c.label}
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-2xl font-bold">{c.value}</p>
                  <p className="text-sm text-muted-foreground">{c.caption}</p>
                </CardContent>
              </Card>
            ))}
          </div>
          <CashOutCard
            availableCents={wallet.data.availableCents}
            paymentMethod={paymentMethod.ok ? paymentMethod.data : null}
            headingLevel="h2"
          />
        </>
      ) : (
        <>
          <LoadErrorToast title="Error" description="Failed to load wallet data" />
          <p className="text-sm text-destructive">Failed to load wallet data</p>
        </>
      )}
      <Card>
        <CardContent className="pt-6">
          {byMonth.ok ? (
            <EarningsChart chart={byMonth.data} />
          ) : (
            <p className="text-sm text-destructive">Failed to load earnings by month</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="earnings-heading">
            Earnings
          </CardTitle>
          <CardDescription>
            What each completed session earned and where it is: Pending QC, Available, or in dispute. The rows add up to your Total Earned.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {earnings.ok ? (
            <EarningsList statement={earnings.data}>
              <PageLinks
                path="/payments"
                keep={{ payoutsAfter: payoutsPage.after, payoutsBefore: payoutsPage.before }}
                page={earnings.data}
                noun="earnings"
                prefix="earnings"
                fragment="earnings-heading"
              />
            </EarningsList>
          ) : (
            <>
              <LoadErrorToast title="Error" description="Failed to load earnings" />
              <p className="text-sm text-destructive">Failed to load earnings</p>
            </>
          )}
        </CardContent>
      </Card>
      {donations.ok && donations.data.length > 0 ? <DonationsCard donations={donations.data} /> : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="payouts-heading">
            Payout history
          </CardTitle>
          <CardDescription>Every payout you requested, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {payouts.ok ? (
            <>
              <PayoutHistory payouts={payouts.data.rows} timeZone={timeZone} />
              <PageLinks
                path="/payments"
                keep={{ earningsAfter: earningsPage.after, earningsBefore: earningsPage.before }}
                page={payouts.data}
                noun="payouts"
                prefix="payouts"
                fragment="payouts-heading"
              />
            </>
          ) : (
            <>
              <LoadErrorToast title="Error" description="Failed to load payout history" />
              <p className="text-sm text-destructive">Failed to load payout history</p>
            </>
          )}
        </CardContent>
      </Card>
      <TaxSection actor={actor} timeZone={timeZone} />
      <HowPaymentsWork />
    </div>
  );
}
