import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { listReceivables } from "@/lib/money/billing";
import { formatMoney } from "@/lib/platform/format";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { MarkStatementPaidDialog } from "@/components/admin/mark-statement-paid-dialog";
import { getFundingDesk } from "@/lib/money/funding";
import { FundingSection } from "@/components/admin/funding-desk";

export const metadata: Metadata = {
  title: "Billing",
  description: "What each client owes, and their statements.",
  robots: { index: false },
};

export default async function AdminBillingPage({
  searchParams,
}: {
  searchParams: Promise<{ org?: string | string[]; after?: string | string[] }>;
}) {
  const actor = await requirePageRole(["admin"], "/login", "/admin/billing");
  const { org, after } = await searchParams;
  const search = (typeof org === "string" ? org : "").slice(0, 100);
  // The open invoices' page cursor: the last invoice number of the page before (anything else is the first page).
  const cursor = typeof after === "string" && /^\d{1,9}$/.test(after) ? Number(after) : 0;
  const [receivables, desk] = await Promise.all([listReceivables(actor), getFundingDesk(actor, search, cursor)]);
  const total = receivables.reduce((n, r) => n + r.owedCents, 0);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Billing</h1>
        <p className="text-sm text-muted-foreground">
          What each client owes for completed sessions (their receivable in the ledger), {formatMoney(total)} in all. Mark a monthly
          statement paid when its payment arrives, once its month is over: statements run by calendar month in UTC.
        </p>
      </div>
      {receivables.length === 0 ? (
        <p className="rounded-lg border p-6 text-sm text-muted-foreground">No client owes anything.</p>
      ) : (
        <Table stacked data-testid="receivables">
          <TableHeader>
            <TableRow>
              <TableHead>Client</TableHead>
              <TableHead>Organization</TableHead>
              <TableHead className="text-right">Owed</TableHead>
              <TableHead>Unpaid statements</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {receivables.map((r) => (
              <TableRow key={r.organizationId} data-testid="receivable">
                <TableCell label="Client">
                  <div>
                    <span className="font-medium">{r.name}</span>
                    <span className="block text-xs text-muted-foreground">{r.email}</span>
                  </div>
                </TableCell>
                <TableCell label="Organization">{r.organization || "—"}</TableCell>
                <TableCell label="Owed" className="text-right font-medium tabular-nums">
                  {formatMoney(r.owedCents)}
                </TableCell>
                <TableCell label="Unpaid statements">
                  {r.unpaid.length === 0 ? (
                    <span className="text-muted-foreground">None</span>
                  ) : (
                    <ul className="grid gap-2">
                      {r.unpaid.map((s) => (
                        <li key={s.month} className="flex flex-wrap items-center gap-2">
                          <span className="tabular-nums">
                            {s.month} · {formatMoney(s.totalCents)}
                          </span>
                          {!s.closed ? (
                            <Badge variant="outline" data-testid="statement-open">
                              Month not over
                            </Badge>
                          ) : s.settled ? (
                            <MarkStatementPaidDialog
                              organizationId={r.organizationId}
                              clientName={r.name}
                              month={s.month}
                              amount={formatMoney(Math.min(s.totalCents, r.owedCents))}
                            />
                          ) : (
                            <Badge variant="outline">In quality review</Badge>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <FundingSection desk={desk} search={search} paged={cursor > 0} />
    </div>
  );
}
