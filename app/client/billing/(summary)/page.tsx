import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft } from "@/components/ui/icons";
import { requirePageRole } from "@/lib/accounts/session";
import { getClientBilling } from "@/lib/money/billing";
import { formatMoney } from "@/lib/platform/format";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { RoleRefusal } from "@/components/client/role-refusal";
import { can } from "@/lib/accounts/permissions";
import { mayOpen } from "@/lib/organizations/member-access";
import { getFundingSummary } from "@/lib/money/funding";
import { BalanceSection } from "@/components/billing/balance-section";
import { MonthlyStatements, ProjectSessions } from "@/components/billing/billing-history";
import { isCardFundingConfigured } from "@/lib/money/providers/configured";
import { listBonusApprovals, bonusApprovalThreshold } from "@/lib/engagements/bonuses";
import { listProjectBudgets } from "@/lib/projects/projects";
import { IncentiveOutcomesLine } from "@/components/billing/incentive-outcomes";
import { BonusApprovalRow, BonusThresholdForm, ProjectBudgetForm } from "@/components/billing/bonus-approvals";

export const metadata: Metadata = {
  title: "Billing",
  description: "Completed sessions, what you owe and your monthly statements.",
  robots: { index: false, follow: false },
};

export default async function ClientBillingPage() {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/billing");
  if (!can(actor, "read:billing:org")) return <RoleRefusal actor={actor} permission="read:billing:org" title="Billing" />;
  const [billing, zone, funding] = await Promise.all([getClientBilling(actor), clientZoneOf(actor.userId), getFundingSummary(actor)]);
  const empty = billing.projects.length === 0 && billing.statements.length === 0;
  // Finance reads the money, not the projects: their names are shown, linked only for a role that opens them.
  const projectLinks = mayOpen(actor, "/client/projects");
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link href="/client/dashboard" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> Dashboard
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Billing</h1>
      <p className="mt-1 text-muted-foreground">
        Each completed session&apos;s incentive is added to what you owe. Statements are per calendar month (UTC).
      </p>

      <BalanceSection
        funding={funding}
        zone={zone}
        mayManage={can(actor, "manage:billing:org")}
        cardAvailable={isCardFundingConfigured()}
      />

      {can(actor, "manage:billing:org") && <CommitmentsSection actor={actor} />}

      <Card className="mt-8">
        <CardHeader className="pb-2">
          <CardTitle as="h2" className="text-sm font-medium">
            Amount owed
          </CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-3xl font-bold tabular-nums" data-testid="amount-owed">
            {formatMoney(billing.owedCents)}
          </p>
          {billing.paidCents > 0 && <p className="mt-1 text-sm text-muted-foreground">{formatMoney(billing.paidCents)} paid so far.</p>}
        </CardContent>
      </Card>

      {(billing.outcomes.donatedCents > 0 || billing.outcomes.declinedCents > 0) && <IncentiveOutcomesLine outcomes={billing.outcomes} />}

      {empty ? (
        <div className="mt-8 rounded-lg border bg-muted/40 p-6 text-sm" data-testid="billing-empty">
          <p className="font-medium">Nothing to bill yet.</p>
          <p className="mt-1 text-muted-foreground">
            When a session is marked completed, its incentive shows here.
            {projectLinks && (
              <>
                {" "}
                <Link className="text-primary underline" href="/client/projects">
                  Go to your projects
                </Link>
                .
              </>
            )}
          </p>
        </div>
      ) : (
        <>
          <ProjectSessions projects={billing.projects} projectLinks={projectLinks} />
          <MonthlyStatements statements={billing.statements} zone={zone} />
        </>
      )}
    </div>
  );
}

/** What billing members decide: the bonuses waiting for their approval, the approval threshold and each project's budget. */
async function CommitmentsSection({ actor }: { actor: Parameters<typeof listBonusApprovals>[0] }) {
  const [approvals, threshold, budgets] = await Promise.all([
    listBonusApprovals(actor),
    bonusApprovalThreshold(actor),
    listProjectBudgets(actor),
  ]);
  return (
    <section aria-labelledby="bonus-approvals-heading" id="bonus-approvals" className="mt-8 grid gap-4">
      <h2 id="bonus-approvals-heading" className="text-xl font-semibold">
        Bonuses and budgets
      </h2>
      {approvals.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="bonus-approvals-empty">
          No bonus is waiting for your approval.
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Bonuses waiting for approval">
          {approvals.map((b) => (
            <BonusApprovalRow key={b.id} bonus={b} />
          ))}
        </ul>
      )}
      <BonusThresholdForm cents={threshold} />
      {budgets.length > 0 && (
        <div className="grid gap-3">
          {budgets.map((p) => (
            <div key={p.id} className="grid gap-1">
              <ProjectBudgetForm project={p} />
              <p className="text-xs text-muted-foreground">{formatMoney(p.committedCents)} committed so far.</p>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
