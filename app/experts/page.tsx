import type { Metadata } from "next";
import Link from "next/link";
import { Lock } from "@/components/ui/icons";
import { ExpertsMarketing } from "@/components/directory/experts-marketing";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DirectoryPage } from "@/components/directory/directory-page";
import { getActor } from "@/lib/accounts/session";
import { loadDirectoryPage } from "@/lib/projects/directory-page";
import { filtersFromSearchParams } from "@/lib/experts/schemas/directory";
import { can } from "@/lib/accounts/permissions";

export const metadata: Metadata = {
  title: "Find Education Experts",
  description:
    "Search verified K-12 education professionals — superintendents, principals, curriculum directors and teachers — for paid research.",
  alternates: { canonical: "/experts" },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Three audiences — visitors, signed-in non-clients, and clients or admins. */
export default async function ExpertsPage({ searchParams }: Props) {
  const actor = await getActor();
  // Visitors are normally rewritten to the static /experts-welcome by proxy.ts; this covers a
  // session cookie whose user no longer exists.
  if (!actor) return <ExpertsMarketing />;
  if (!can(actor, "search:expert:any")) return <ClientsOnly role={actor.primaryRole} />;

  const { filters, view } = filtersFromSearchParams(await searchParams);
  const { result, shortlisted, engaged, recruit } = await loadDirectoryPage(actor, filters, "directory");
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold">Find Education Experts</h1>
        <p className="mt-1 text-muted-foreground">Verified K-12 professionals available for interviews, surveys and focus groups.</p>
      </header>
      <DirectoryPage
        basePath="/experts"
        variant="directory"
        filters={filters}
        view={view}
        isAdmin={can(actor, "review:expert:any")}
        result={result}
        shortlisted={shortlisted}
        recruit={recruit}
        engaged={engaged}
      />
    </div>
  );
}

function ClientsOnly({ role }: { role: string }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card className="text-center">
        <CardHeader className="items-center">
          <Lock className="size-8 text-muted-foreground" aria-hidden="true" />
          <CardTitle as="h1" className="text-2xl">
            Clients Only
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-muted-foreground">
            The expert directory is available to research clients. You are signed in as <strong>{role}</strong>. Please contact the provider
            to upgrade your account.
          </p>
          <Button asChild>
            <Link href="/login">Go to Login</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
