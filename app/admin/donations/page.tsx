import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { listDonationPayouts, listDonationsDue } from "@/lib/money/donations";
import { formatDay, formatMoney } from "@/lib/platform/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { PayDonationsForm } from "@/components/admin/pay-donations-form";

export const metadata: Metadata = {
  title: "Donations",
  description: "Experts' donated pay, paid to their school districts once a month.",
  robots: { index: false },
};

/** Beside the payout queue: each district's donations by month, paid to its payee with a receipt. */
export default async function AdminDonationsPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/donations");
  const [due, paid] = await Promise.all([listDonationsDue(actor), listDonationPayouts(actor)]);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold">Donations</h1>
        <p className="text-sm text-muted-foreground">
          Experts who donate their pay give it to the school district named on their profile. Once the client&apos;s review window closes it
          is payable here, by the month it became payable; each district and month is paid once, and every expert it carries gets a receipt.
        </p>
      </div>
      {due.length === 0 ? (
        <p data-testid="donations-due-empty">No donations to pay.</p>
      ) : (
        due.map((d) => (
          <Card key={`${d.leaid}-${d.month}`} data-testid="donation-month">
            <CardHeader>
              <CardTitle as="h2">
                {d.districtName} · {d.month}
              </CardTitle>
              <CardDescription>
                {formatMoney(d.cents)} from {d.count} {d.count === 1 ? "donation" : "donations"}
                {d.heldCents ? `; ${formatMoney(d.heldCents)} more is still in the clients' review` : ""}.
                {d.remitTo ? ` Remit to: ${d.remitTo}.` : ""}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <PayDonationsForm leaid={d.leaid} month={d.month} districtName={d.districtName} payeeName={d.payeeName} cents={d.cents} />
            </CardContent>
          </Card>
        ))
      )}
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">Paid donations</h2>
        {paid.length === 0 ? (
          <p className="text-sm text-muted-foreground">None yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Receipt</TableHead>
                <TableHead>District</TableHead>
                <TableHead>Month</TableHead>
                <TableHead>Paid to</TableHead>
                <TableHead>Reference</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Paid</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {paid.map((p) => (
                <TableRow key={p.id} data-testid="donation-payout">
                  <TableCell>{p.number}</TableCell>
                  <TableCell>{p.districtName}</TableCell>
                  <TableCell>{p.month}</TableCell>
                  <TableCell>{p.schoolFund ? `${p.schoolFund} (${p.payeeName})` : p.payeeName}</TableCell>
                  <TableCell>{p.reference}</TableCell>
                  <TableCell className="text-right">{formatMoney(p.cents)}</TableCell>
                  <TableCell>{formatDay(p.paidAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
