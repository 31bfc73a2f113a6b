import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { SearchForm } from "@/components/ui/search-form";
import { PageLinks } from "@/components/ui/page-links";
import { totalText } from "@/lib/platform/list-total";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { adminSearchSchema } from "@/lib/experts/schemas/admin";
import { listOrganizationsForAdmin } from "@/lib/organizations/admin";
import { formatDateIn } from "@/lib/platform/format";
import { pageRequestOf } from "@/lib/platform/keyset";

export const metadata: Metadata = {
  title: "Organizations",
  description: "Every client organization and its members.",
  robots: { index: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminOrganizationsPage({ searchParams }: Props) {
  const actor = await requirePageRole(["admin"], "/login", "/admin/organizations");
  const params = await searchParams;
  const query = adminSearchSchema.parse(Array.isArray(params.q) ? params.q[0] : params.q) || undefined;
  const [orgs, zone] = await Promise.all([listOrganizationsForAdmin(actor, query, pageRequestOf(params)), adminZone()]);
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Organizations</h1>
          <p className="text-sm text-muted-foreground" data-testid="organizations-count">
            {totalText(orgs, "organization", "organizations")}
            {query ? ` matching “${query}”` : ""}, newest first
          </p>
        </div>
        <SearchForm
          id="organization-search"
          action="/admin/organizations"
          label="Search organizations"
          placeholder="Name"
          defaultValue={query}
        />
      </div>
      {orgs.rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-8 text-center text-muted-foreground" data-testid="organizations-empty">
          {query ? `No organizations match “${query}”.` : "No organizations yet."}
        </p>
      ) : (
        <Table aria-label="Organizations">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Members</TableHead>
              <TableHead>Projects</TableHead>
              <TableHead>Created</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {orgs.rows.map((o) => (
              <TableRow key={o.id} data-testid="organization-row">
                <TableCell className="font-medium">
                  <Link href={`/admin/organizations/${o.id}`} className="text-primary underline-offset-4 hover:underline">
                    {o.name}
                  </Link>
                  {o.closedAt && (
                    <Badge variant="destructive" className="ml-2">
                      closed
                    </Badge>
                  )}
                </TableCell>
                <TableCell className="tabular-nums">{o.members}</TableCell>
                <TableCell className="tabular-nums">{o.projects}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDateIn(o.createdAt, zone)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <PageLinks path="/admin/organizations" query={query} page={orgs} noun="organizations" />
    </div>
  );
}
