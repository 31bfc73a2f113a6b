import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/accounts/session";
import { COVERAGE_ROLES, getDistrictCoverage } from "@/lib/experts/district-coverage";
import { DistrictCoverageView } from "@/components/admin/district-coverage";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "District coverage",
  description: "District-verified experts against the US district universe, by locale, enrollment and poverty, with the gaps in words.",
  robots: { index: false },
};

export default async function AdminDistrictCoveragePage({ searchParams }: { searchParams: Promise<{ role?: string | string[] }> }) {
  const actor = await requirePageRole(["admin"], "/login", "/admin/districts/coverage");
  const { role } = await searchParams;
  const coverage = await getDistrictCoverage(actor, { role: typeof role === "string" && role ? role : undefined });
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link href="/admin/districts" className="text-primary underline underline-offset-4">
            Districts
          </Link>{" "}
          › Coverage
        </p>
        <h1 className="text-3xl font-bold">District coverage</h1>
        <p className="text-sm text-muted-foreground">
          Verified experts whose school e-mail names their district, against the open districts on file, by NCES locale group,
          enrollment band and poverty quartile. Empty cells are where recruiting can aim.
        </p>
      </div>
      <form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="Coverage by role">
        <div className="grid gap-1">
          <Label htmlFor="coverage-role">Role</Label>
          <NativeSelect id="coverage-role" name="role" defaultValue={coverage.role ?? ""} wrapperClassName="w-56">
            <option value="">Every role</option>
            {COVERAGE_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </form>
      {coverage.districts === 0 ? (
        <p className="rounded-lg border p-6 text-sm text-muted-foreground" data-testid="coverage-empty">
          No district directory is imported yet, so there is no universe to cover.{" "}
          <Link href="/admin/districts" className="text-primary underline underline-offset-4">
            Import the NCES and Census files
          </Link>{" "}
          first.
        </p>
      ) : (
        <DistrictCoverageView coverage={coverage} />
      )}
    </div>
  );
}
