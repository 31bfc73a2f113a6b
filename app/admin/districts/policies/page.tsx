import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/accounts/session";
import { searchDistrictPolicies } from "@/lib/districts/research-policies";
import { APPROVAL_REQUIRED_LABELS } from "@/lib/districts/research-policy-words";
import { SearchForm } from "@/components/ui/search-form";

export const metadata: Metadata = { title: "District research policies", robots: { index: false } };

export default async function AdminDistrictPoliciesPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const actor = await requirePageRole(["admin"], "/login", "/admin/districts/policies");
  const raw = (await searchParams).q;
  const q = (typeof raw === "string" ? raw : "").slice(0, 100);
  const rows = await searchDistrictPolicies(actor, q);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">District research policies</h1>
        <p className="text-sm text-muted-foreground">
          Each district&apos;s rule for outside research with its staff, kept with its source and date. Open a district to edit its policy
          or name its research officers.
        </p>
      </div>
      <SearchForm
        id="district-policy-search"
        label="Find a district"
        placeholder="Name, state (TX) or NCES ID"
        defaultValue={q}
        action="/admin/districts/policies"
      />
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No district on file matches.</p>
      ) : (
        <ul className="divide-y rounded-md border">
          {rows.map((d) => (
            <li key={d.leaid} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
              <Link href={`/admin/districts/${d.leaid}`} className="font-medium text-primary underline underline-offset-4">
                {d.name}, {d.state}
              </Link>
              <span className="text-sm text-muted-foreground">
                {d.approvalRequired ? `${APPROVAL_REQUIRED_LABELS[d.approvalRequired]} · read ${d.sourceDate}` : "No policy on file"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
