import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/session";
import { requirePermission } from "@/lib/auth/permissions";
import { thresholdDollars } from "@/lib/money/tax";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: "Tax", description: "The year's 1099-NEC totals for the payees above the reporting threshold.", robots: { index: false } };

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
            Every payee whose paid payouts in the year reach that year&apos;s 1099-NEC threshold, with legal name, TIN, address and total. The file
            holds full taxpayer numbers: each download is recorded with your name.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {/* A plain GET form: the route answers the CSV as a download, with or without JavaScript. */}
          <form method="get" action="/api/admin/tax/1099" className="flex flex-wrap items-end gap-3">
            <div className="space-y-2">
              <Label htmlFor="tax-year">Tax year</Label>
              <NativeSelect id="tax-year" name="year" defaultValue={String(thisYear)} wrapperClassName="w-56">
                {yearsUpTo(thisYear).map((y) => (
                  <option key={y} value={y}>
                    {y} (threshold {thresholdDollars(y)})
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button type="submit">Download CSV</Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
