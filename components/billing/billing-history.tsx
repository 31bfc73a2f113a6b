import Link from "next/link";
import { Download } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateIn, formatMoney, formatMonth } from "@/lib/platform/format";
import type { ClientBilling } from "@/lib/money/billing";

// What the organization was billed: each project's completed sessions, and the monthly statements.

/** Sessions by project: what each project's completed sessions, late-cancel fees and refunds came to. */
export function ProjectSessions({ projects, projectLinks }: { projects: ClientBilling["projects"]; projectLinks: boolean }) {
  return (
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
          {projects.map((p) => (
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
  );
}

/** One card per calendar month: booked, refunded, the total, donated and declined pay, whether it is paid, and its CSV. */
export function MonthlyStatements({ statements, zone }: { statements: ClientBilling["statements"]; zone: string }) {
  return (
    <section aria-labelledby="statements-heading" className="mt-8">
      <h2 id="statements-heading" className="mb-3 text-xl font-semibold">
        Monthly statements
      </h2>
      <ul className="grid gap-3" data-testid="statements">
        {statements.map((s) => (
          <li key={s.month}>
            <Card>
              <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
                <div>
                  <CardTitle as="h3">{formatMonth(s.month)}</CardTitle>
                  <CardDescription>
                    {formatMoney(s.bookedCents)} booked{s.refundedCents ? `, ${formatMoney(s.refundedCents)} refunded` : ""} · total{" "}
                    {formatMoney(s.totalCents)}
                  </CardDescription>
                  {s.donatedCents || s.declinedCents ? (
                    <CardDescription data-testid="statement-outcomes">
                      {s.donatedCents ? `Donated to schools ${formatMoney(s.donatedCents)} (in the total)` : ""}
                      {s.donatedCents && s.declinedCents ? " · " : ""}
                      {s.declinedCents ? `Declined pay ${formatMoney(s.declinedCents)} (not charged)` : ""}
                    </CardDescription>
                  ) : null}
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
  );
}
