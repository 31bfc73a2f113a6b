import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { pendingApprovalLetters } from "@/lib/projects/district-letters";
import { DistrictLetterQueue } from "@/components/admin/district-letter-queue";

export const metadata: Metadata = {
  title: "District approval letters",
  description: "Approval letters researchers uploaded, waiting for a check.",
  robots: { index: false },
};

export default async function DistrictLettersPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/districts/letters");
  const [letters, zone] = await Promise.all([pendingApprovalLetters(actor), adminZone()]);
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link href="/admin/districts" className="text-primary underline underline-offset-4">
            Districts
          </Link>
        </p>
        <h1 className="text-3xl font-bold">District approval letters</h1>
        <p className="text-sm text-muted-foreground">
          A researcher uploads the letter a district signed outside K12 Experts. Open it, check that the district approved this study and
          the last day it states, then accept it (the district counts as approved until that day) or reject it with the reason the
          researcher reads.
        </p>
      </div>
      <DistrictLetterQueue letters={letters} zone={zone} />
    </div>
  );
}
