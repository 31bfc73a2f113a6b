import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { DirectoryPage } from "@/components/directory/directory-page";
import { requirePageRole } from "@/lib/accounts/session";
import { loadDirectoryPage } from "@/lib/projects/directory-page";
import { filtersFromSearchParams } from "@/lib/experts/schemas/directory";
import { can } from "@/lib/accounts/permissions";
import { mayOpen } from "@/lib/organizations/member-access";

export const metadata: Metadata = {
  title: "Search Experts",
  description: "Search verified K-12 experts for your research.",
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Client expert search: the client variant of the directory. */
export default async function ClientExpertsPage({ searchParams }: Props) {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/experts");
  const { filters, view } = filtersFromSearchParams(await searchParams);
  const { result, shortlisted, engaged, plans, recruiting, recruit } = await loadDirectoryPage(actor, filters, "client");
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Search Experts</h1>
          <p className="mt-1 text-muted-foreground">Find verified education experts, shortlist them and invite them to your projects.</p>
        </div>
        <div className="flex gap-2">
          {mayOpen(actor, "/client/shortlist") && (
            <Button asChild variant="outline">
              <Link href="/client/shortlist">My Shortlist</Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <Link href="/client/dashboard">Dashboard</Link>
          </Button>
        </div>
      </header>
      <DirectoryPage
        basePath="/client/experts"
        variant="client"
        filters={filters}
        view={view}
        isAdmin={can(actor, "review:expert:any")}
        result={result}
        shortlisted={shortlisted}
        recruit={recruit}
        engaged={engaged}
        plans={plans}
        recruiting={recruiting}
      />
    </div>
  );
}
