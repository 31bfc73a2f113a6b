import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/accounts/session";
import { getDistrictPolicyForOffice } from "@/lib/districts/research-policies";
import { listDistrictOfficers } from "@/lib/districts/officers";
import { leaidSchema } from "@/lib/districts/schemas/research-policy";
import { isAppError } from "@/lib/platform/errors";
import { DistrictOfficeEditor } from "@/components/districts/district-office-editor";

export const metadata: Metadata = { title: "District research policy", robots: { index: false } };

export default async function AdminDistrictPolicyPage({ params }: { params: Promise<{ leaid: string }> }) {
  const { leaid } = await params;
  const actor = await requirePageRole(["admin"], "/login", `/admin/districts/${encodeURIComponent(leaid)}`);
  const view = leaidSchema.safeParse(leaid).success
    ? await getDistrictPolicyForOffice(actor, leaid).catch((e) => {
        if (isAppError(e) && e.code === "NOT_FOUND") return null;
        throw e;
      })
    : null;
  if (!view)
    return (
      <div className="space-y-3">
        <h1 className="text-3xl font-bold">District research policy</h1>
        <p>No district on file has this NCES ID.</p>
        <Link href="/admin/districts/policies" className="text-primary underline underline-offset-4">
          Find a district
        </Link>
      </div>
    );
  const officers = await listDistrictOfficers(actor, leaid);
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link href="/admin/districts/policies" className="text-primary underline underline-offset-4">
          District research policies
        </Link>
      </p>
      <DistrictOfficeEditor view={view} officers={officers} grantLabel="Grant the officer role to (the account's e-mail)" />
    </div>
  );
}
