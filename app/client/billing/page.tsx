import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft, Download } from "lucide-react";
import { requirePageRole } from "@/lib/accounts/session";
import { getClientBilling } from "@/lib/money/billing";
import { formatDateIn, formatMoney, formatMonth } from "@/lib/platform/format";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { RoleRefusal } from "@/components/client/role-refusal";
import { can } from "@/lib/accounts/permissions";

export const metadata: Metadata = {
  title: "Billing",
  description: "Completed sessions, what you owe and your monthly statements.",
  robots: { index: false, follow: false },
};

/** "2026-03" → "March 2026". */

export default async function ClientBillingPage() {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/billing");
  if (!can(actor, "read:billing:org")) return <RoleRefusal actor={actor} permission="read:billing:org" title="Billing" />;
  const [billing, zone] = await Promise.all([getClientBilling(actor), clientZoneOf(actor.userId)]);
  const empty = billing.projects.length === 0 && billing.statements.length === 0;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link href="/client/dashboard" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> Dashboard
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Billing</h1>
      <p className="mt-1 text-muted-foreground">
        Each completed session&apos;s incentive is added to what you owe. Statements are per calendar month (UTC).
      </p>

      <Card className="mt-6">
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
            When you mark a session completed, its incentive shows here.{" "}
            <Link className="text-primary underline" href="/client/projects">
              Go to your projects
            </Link>
            .
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
                      <Link href={`/client/projects/${p.projectId}`} className="text-primary underline-offset-4 hover:underline">
                        {p.title}
                      </Link>
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
