import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { requirePermission } from "@/lib/accounts/permissions";
import { thresholdDollars } from "@/lib/money/tax";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TaxExportForm } from "@/components/admin/tax-export-form";

export const metadata: Metadata = {
  title: "Tax",
  description: "The year's 1099-NEC totals for the payees above the reporting threshold.",
  robots: { index: false },
};

/** The years an admin can export: this one and the four before it. */
const yearsUpTo = (year: number) => Array.from({ length: 5 }, (_, i) => year - i);

export default async function AdminTaxPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/tax");
  requirePermission(actor, "manage:money:any");
  const thisYear = new Date().getUTCFullYear();

  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Tax</h1>
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle as="h2">1099 export</CardTitle>
          <CardDescription>
            Every payee whose paid payouts in the year reach that year&apos;s 1099-NEC threshold, with legal name, TIN, address and total.
            The file holds full taxpayer numbers: it needs your password entered in the last few minutes, and each download is recorded with
            your name.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TaxExportForm years={yearsUpTo(thisYear).map((y) => ({ value: y, label: `${y} (threshold ${thresholdDollars(y)})` }))} />
        </CardContent>
      </Card>
    </div>
  );
}
