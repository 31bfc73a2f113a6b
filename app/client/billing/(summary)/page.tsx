import { MoneyFigures } from "@/components/ui/money-figures";
import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft, Download } from "@/components/ui/icons";
import { requirePageRole } from "@/lib/accounts/session";
import { getClientBilling } from "@/lib/money/billing";
import { formatDateIn, formatMoney, formatMonth } from "@/lib/platform/format";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { RoleRefusal } from "@/components/client/role-refusal";
import { can } from "@/lib/accounts/permissions";
import { mayOpen } from "@/lib/organizations/member-access";
import { getFundingSummary, type FundingSummary } from "@/lib/money/funding";
import { AddFundsForm, VoidInvoiceButton } from "@/components/billing/funding-forms";
import { isCardFundingConfigured } from "@/lib/money/providers/configured";
import { listBonusApprovals, bonusApprovalThreshold } from "@/lib/engagements/bonuses";
import { listProjectBudgets } from "@/lib/projects/projects";
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

      <BalanceSection funding={funding} zone={zone} mayManage={can(actor, "manage:billing:org")} />

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
          <section aria-labelledby="projects-heading" className="mt-8">
            <h2 id="projects-heading" className="mb-3 text-xl font-semibold">
              Sessions by project
            </h2>
            <Table stacked data-testid="billing-projects">
              <TableHeader>
                <TableRow>
                  <TableHead>Project</TableHead>
                  <TableHead className="text-right">Sessions completed</TableHead>
                  <TableHead className="text-right">Late-cancel fees</TableHead>
                  <TableHead className="text-right">Refunded</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {billing.projects.map((p) => (
                  <TableRow key={p.projectId}>
                    <TableCell label="Project">
                      {projectLinks ? (
                        <Link href={`/client/projects/${p.projectId}`} className="text-primary underline-offset-4 hover:underline">
                          {p.title}
                        </Link>
                      ) : (
                        p.title
                      )}
                    </TableCell>
                    <TableCell label="Sessions completed" className="text-right tabular-nums">
                      {p.sessions}
                    </TableCell>
                    <TableCell label="Late-cancel fees" className="text-right tabular-nums">
                      {p.lateCancelFees}
                    </TableCell>
                    <TableCell label="Refunded" className="text-right tabular-nums">
                      {p.refundedCents ? formatMoney(p.refundedCents) : "—"}
                    </TableCell>
                    <TableCell label="Amount" className="text-right font-medium tabular-nums">
                      {formatMoney(p.amountCents)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </section>

          <section aria-labelledby="statements-heading" className="mt-8">
            <h2 id="statements-heading" className="mb-3 text-xl font-semibold">
              Monthly statements
            </h2>
            <ul className="grid gap-3" data-testid="statements">
              {billing.statements.map((s) => (
                <li key={s.month}>
                  <Card>
                    <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
                      <div>
                        <CardTitle as="h3">{formatMonth(s.month)}</CardTitle>
                        <CardDescription>
                          {formatMoney(s.bookedCents)} booked{s.refundedCents ? `, ${formatMoney(s.refundedCents)} refunded` : ""} · total{" "}
                          {formatMoney(s.totalCents)}
                        </CardDescription>
                      </div>
                      {s.paid ? (
                        <Badge variant="success">Paid {formatDateIn(s.paid.paidAt, zone)}</Badge>
                      ) : s.totalCents <= 0 ? (
                        <Badge variant="secondary">Nothing due</Badge>
                      ) : (
                        <Badge variant="warning">
                          {!s.closed ? "Month in progress" : s.settled ? "Unpaid" : "Unpaid · sessions in quality review"}
                        </Badge>
                      )}
                    </CardHeader>
                    <CardContent className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <span className="text-muted-foreground">{s.paid?.reference ? `Reference ${s.paid.reference}` : ""}</span>
                      <a
                        className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                        href={`/api/client/statements/${s.month}`}
                        download
                      >
                        <Download aria-hidden="true" className="size-4" /> Download CSV
                        <span className="sr-only"> for {formatMonth(s.month)}</span>
                      </a>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

const INVOICE_STATUS = {
  open: { label: "Open", variant: "warning" },
  paid: { label: "Paid", variant: "success" },
  void: { label: "Void", variant: "secondary" },
} as const;

/** The organization's prepaid funds and credit, the invoices that add funds, and spend by project and month. */
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

function BalanceSection({ funding, zone, mayManage }: { funding: FundingSummary; zone: string; mayManage: boolean }) {
  const creditLeft = Math.max(0, funding.creditLimitCents - funding.creditUsedCents);
  const figures = [
    { label: "Funds available", cents: funding.fundsCents, id: "funds", help: "Paid in and not yet committed." },
    { label: "Reserved", cents: funding.reservedCents, id: "reserved", help: "Held for accepted experts until their sessions are paid." },
    {
      label: "Credit used",
      cents: funding.creditUsedCents,
      id: "credit-used",
      help: `Of a ${formatMoney(funding.creditLimitCents)} credit limit; ${formatMoney(creditLeft)} left. Billed on the monthly statement.`,
    },
    {
      label: "Can still commit",
      cents: funding.availableCents,
      id: "available",
      help: "Funds plus credit left: what new acceptances may use.",
    },
  ];
  return (
    <section aria-labelledby="balance-heading" className="mt-8" data-testid="balance">
      <h2 id="balance-heading" className="text-xl font-semibold">
        Balance
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Accepting an expert reserves their incentive: from your funds first, then from your credit. What is reserved is spent when the
        session is paid, or returned if it ends unpaid.
      </p>
      <MoneyFigures figures={figures} testIdPrefix="balance" className="mt-4 sm:grid-cols-2 lg:grid-cols-4" />
      {funding.depositedCents > 0 && (
        <p className="mt-2 text-sm text-muted-foreground">{formatMoney(funding.depositedCents)} paid in so far.</p>
      )}

      {mayManage && (
        <div className="mt-6">
          <h3 className="mb-2 text-lg font-semibold">Add funds</h3>
          <AddFundsForm cardAvailable={isCardFundingConfigured()} />
        </div>
      )}

      <h3 className="mt-8 mb-2 text-lg font-semibold" id="invoices-heading">
        Funding invoices
      </h3>
      {funding.invoices.length === 0 ? (
        <p className="rounded-lg border bg-muted/40 p-4 text-sm text-muted-foreground" data-testid="invoices-empty">
          No funding invoices yet.{mayManage ? " Add funds above to create one." : ""}
        </p>
      ) : (
        <Table stacked aria-labelledby="invoices-heading" data-testid="funding-invoices">
          <TableHeader>
            <TableRow>
              <TableHead>Invoice</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Paid</TableHead>
              {mayManage && (
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {funding.invoices.map((i) => (
              <TableRow key={i.id} data-testid="funding-invoice">
                <TableCell label="Invoice">
                  <Link href={`/client/billing/invoices/${i.number}`} className="text-primary underline-offset-4 hover:underline">
                    {i.number}
                  </Link>
                </TableCell>
                <TableCell label="Amount" className="text-right tabular-nums">
                  {formatMoney(i.amountCents)}
                </TableCell>
                <TableCell label="Status">
                  <Badge variant={INVOICE_STATUS[i.status].variant}>
                    {i.cardPayment === "processing" ? "Payment processing" : INVOICE_STATUS[i.status].label}
                  </Badge>
                </TableCell>
                <TableCell label="Created">{formatDateIn(i.createdAt, zone)}</TableCell>
                <TableCell label="Paid">{i.paidAt ? formatDateIn(i.paidAt, zone) : "—"}</TableCell>
                {mayManage && (
                  <TableCell label="Actions">
                    {i.status === "open" ? <VoidInvoiceButton invoiceId={i.id} number={i.number} /> : null}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <h3 className="mt-8 mb-2 text-lg font-semibold" id="spend-heading">
        Spend by project and month
      </h3>
      {funding.spend.length === 0 ? (
        <p className="rounded-lg border bg-muted/40 p-4 text-sm text-muted-foreground" data-testid="spend-empty">
          Nothing spent yet. Incentives and bonuses paid show here by month.
        </p>
      ) : (
        <Table stacked aria-labelledby="spend-heading" data-testid="spend">
          <TableHeader>
            <TableRow>
              <TableHead>Month</TableHead>
              <TableHead>Project</TableHead>
              <TableHead className="text-right">Spent</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {funding.spend.map((s) => (
              <TableRow key={`${s.month}-${s.projectId}`}>
                <TableCell label="Month">{formatMonth(s.month)}</TableCell>
                <TableCell label="Project">{s.title}</TableCell>
                <TableCell label="Spent" className="text-right tabular-nums">
                  {formatMoney(s.amountCents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
