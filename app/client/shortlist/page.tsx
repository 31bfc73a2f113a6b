import type { Metadata } from "next";
import Link from "next/link";
import { Download } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { RemoveShortlistButton } from "@/components/client/remove-shortlist-button";
import { InviteDialog } from "@/components/directory/invite-dialog";
import { formatHourlyRange } from "@/lib/platform/format";
import { requirePageRole } from "@/lib/accounts/session";
import { listShortlistPage } from "@/lib/projects/shortlists";
import { pageRequestOf } from "@/lib/platform/keyset";
import { totalText } from "@/lib/platform/list-total";
import { PageLinks } from "@/components/ui/page-links";
import { RoleRefusal } from "@/components/client/role-refusal";
import { can } from "@/lib/accounts/permissions";
import { projectAbilitiesFor } from "@/lib/organizations/member-access";

export const metadata: Metadata = {
  title: "My Shortlist",
  description: "Experts you shortlisted.",
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ShortlistPage({ searchParams }: Props) {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/shortlist");
  if (!can(actor, "read:project:org")) return <RoleRefusal actor={actor} permission="read:project:org" title="Shortlist" />;
  const page = await listShortlistPage(actor, pageRequestOf(await searchParams));
  const entries = page.rows;
  // A viewer reads the shortlist; inviting and removing are for the roles that run projects.
  const { run } = projectAbilitiesFor(actor);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">My Shortlist</h1>
          <p className="mt-1 text-muted-foreground">
            {totalText(page, "expert", "experts")} shortlisted{page.before || page.after ? ", newest first" : ""}.
          </p>
        </div>
        <div className="flex gap-2">
          {entries.length > 0 && (
            <Button asChild variant="outline">
              <a href="/client/shortlist/export" download>
                <Download aria-hidden="true" /> Export CSV
              </a>
            </Button>
          )}
          <Button asChild>
            <Link href="/client/experts">Search Experts</Link>
          </Button>
        </div>
      </header>
      {entries.length === 0 ? (
        <Card>
          <CardContent className="py-12 text-center text-muted-foreground">
            Your shortlist is empty. Shortlist experts from the search to compare and invite them.
          </CardContent>
        </Card>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Role</TableHead>
              <TableHead className="hidden md:table-cell">Organization</TableHead>
              <TableHead>State</TableHead>
              <TableHead className="hidden md:table-cell">Rate</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map(({ expert: e, listed }) => {
              const name = `${e.firstName} ${e.lastName}`;
              return (
                <TableRow key={e.id} data-testid="shortlist-row">
                  <TableCell className="font-medium">
                    {listed ? (
                      <Link className="text-primary underline underline-offset-4" href={`/experts/${e.id}`}>
                        {name}
                      </Link>
                    ) : (
                      name
                    )}
                    {!listed && (
                      <Badge variant="outline" className="ml-2">
                        No longer listed
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell>{e.roleTitle}</TableCell>
                  <TableCell className="hidden md:table-cell">{e.organizationName ?? "—"}</TableCell>
                  <TableCell>{e.state}</TableCell>
                  <TableCell className="hidden md:table-cell">{formatHourlyRange(e.hourlyRateMin, e.hourlyRateMax) ?? "—"}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-2">
                      {run && listed && <InviteDialog expertId={e.id} expertName={name} label="Invite" variant="outline" />}
                      {run && <RemoveShortlistButton expertId={e.id} expertName={name} />}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <div className="mt-6">
        <PageLinks path="/client/shortlist" page={page} noun="shortlisted experts" />
      </div>
    </div>
  );
}
