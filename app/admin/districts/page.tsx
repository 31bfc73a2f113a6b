import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { listDistrictImports } from "@/lib/districts/uploads";
import { DistrictImports } from "@/components/admin/district-imports";
import { PageLinks } from "@/components/ui/page-links";
import { pageRequestOf } from "@/lib/platform/keyset";
import { totalText } from "@/lib/platform/list-total";

export const metadata: Metadata = {
  title: "Districts",
  description: "The US school district directory: upload the public NCES and Census files and follow each import.",
  robots: { index: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminDistrictsPage({ searchParams }: Props) {
  const actor = await requirePageRole(["admin"], "/login", "/admin/districts");
  const zone = await adminZone();
  const page = pageRequestOf(await searchParams);
  const { runs, districts, after, before } = await listDistrictImports(actor, page);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Districts</h1>
        <p className="text-sm text-muted-foreground">
          {totalText(districts, "district", "districts")} {districts.exact && districts.total === 1 ? "is" : "are"} on file. Importing the
          same files again changes nothing; a newer school year&apos;s file adds, changes and closes districts.
        </p>
        <p className="mt-2 text-sm">
          <Link href="/admin/districts/coverage" className="text-primary underline underline-offset-4">
            District coverage
          </Link>
          : district-verified experts against the districts on file, and the gaps to recruit into.
        </p>
        <p className="mt-2 text-sm">
          <Link href="/admin/districts/policies" className="text-primary underline underline-offset-4">
            District research policies
          </Link>
          : each district&apos;s rule for outside research with its staff, and its research officers.
        </p>
        <p className="mt-2 text-sm">
          <Link href="/admin/districts/letters" className="text-primary underline underline-offset-4">
            District approval letters
          </Link>
          : letters districts signed outside K12 Experts, uploaded by researchers, waiting for a check.
        </p>
      </div>
      {/* Keyed by the page: the runs it follows are its state, which a move to another page starts afresh. */}
      <DistrictImports key={`${page.after ?? ""}|${page.before ?? ""}`} initialRuns={runs} zone={zone}>
        <PageLinks path="/admin/districts" page={{ after, before }} noun="imports" />
      </DistrictImports>
    </div>
  );
}
