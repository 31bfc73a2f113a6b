import type { Metadata } from "next";
import Link from "next/link";
import { z } from "@/lib/platform/validation/zod";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ImpersonateButton } from "@/components/admin/impersonate-button";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { getOrganizationForAdmin, type AdminOrganizationMember } from "@/lib/organizations/admin";
import { ORG_ROLE_LABELS } from "@/lib/organizations/schemas/organizations";
import { formatDateIn } from "@/lib/platform/format";

export const metadata: Metadata = {
  title: "Organization",
  description: "A client organization and its members.",
  robots: { index: false },
};

type Props = { params: Promise<{ id: string }> };

/** Why the Impersonate button is off for this member, as on the users page. */
function disabledReason(m: AdminOrganizationMember, selfId: string) {
  if (m.userId === selfId) return "this is you";
  if (m.appRoles.includes("admin")) return "admins cannot be impersonated";
  if (m.disabledAt) return "account disabled";
  return undefined;
}

export default async function AdminOrganizationPage({ params }: Props) {
  const { id } = await params;
  const actor = await requirePageRole(["admin"], "/login", `/admin/organizations/${id}`);
  const [org, zone] = await Promise.all([z.uuid().safeParse(id).success ? getOrganizationForAdmin(actor, id) : null, adminZone()]);
  // The admin area streams behind its loading skeleton (the 200 is already sent), so a missing one is said on the page.
  if (!org)
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-bold">Organization</h1>
        <p data-testid="organization-missing">No organization has this id.</p>
        <Link href="/admin/organizations" className="text-sm text-primary underline-offset-4 hover:underline">
          All organizations
        </Link>
      </div>
    );
  return (
    <div className="space-y-4">
      <Link href="/admin/organizations" className="text-sm text-primary underline-offset-4 hover:underline">
        All organizations
      </Link>
      <h1 className="text-3xl font-bold">
        {org.name}
        {org.closedAt && (
          <Badge variant="destructive" className="ml-2 align-middle">
            closed {formatDateIn(org.closedAt, zone)}
          </Badge>
        )}
      </h1>
      <p className="text-sm text-muted-foreground">
        Created {formatDateIn(org.createdAt, zone)} · {org.members.length} {org.members.length === 1 ? "member" : "members"} ·{" "}
        {org.projects} {org.projects === 1 ? "project" : "projects"}
      </p>
      <Table aria-label="Members">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>E-mail</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Joined</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {org.members.map((m) => (
            <TableRow key={m.userId} data-testid="organization-member-row">
              <TableCell className="font-medium">
                {m.name}
                {m.disabledAt && (
                  <Badge variant="destructive" className="ml-2">
                    disabled
                  </Badge>
                )}
              </TableCell>
              <TableCell className="break-all">{m.email}</TableCell>
              <TableCell>
                <Badge variant={m.role === "owner" ? "default" : "secondary"}>{ORG_ROLE_LABELS[m.role]}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDateIn(m.joinedAt, zone)}</TableCell>
              <TableCell>
                <ImpersonateButton userId={m.userId} email={m.email} disabledReason={disabledReason(m, actor.userId)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
