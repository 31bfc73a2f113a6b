import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { MembersTable } from "@/components/organizations/members-table";
import { InviteForm } from "@/components/organizations/invite-form";
import { PendingInvitations } from "@/components/organizations/pending-invitations";
import { CloseOrganization } from "@/components/organizations/close-organization";
import { requirePageRole } from "@/lib/accounts/session";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { getOrganization } from "@/lib/organizations/members";
import { listPendingInvitations } from "@/lib/organizations/invitations";
import { ORG_ROLE_DESCRIPTIONS } from "@/lib/organizations/schemas/organizations";
import { orgRoleWithArticle } from "@/lib/accounts/org-role-names";
import { isAppError } from "@/lib/platform/errors";
import { formatDateIn, formatDateTime } from "@/lib/platform/format";

export const metadata: Metadata = {
  title: "Organization",
  description: "Your organization's members, their roles and invitations.",
  robots: { index: false, follow: false },
};

export default async function OrganizationPage() {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/organization");
  const [org, zone] = await Promise.all([
    getOrganization(actor).catch((e) => {
      // An account outside any organization (none yet) is told so, not shown an error page.
      if (isAppError(e) && e.code === "FORBIDDEN") return e.message;
      throw e;
    }),
    clientZoneOf(actor.userId),
  ]);
  if (typeof org === "string")
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-3xl font-bold">Organization</h1>
        <p className="mt-4 rounded-md border border-dashed p-6 text-muted-foreground" data-testid="no-organization">
          {org} An owner or admin of an organization can invite you by e-mail.
        </p>
      </div>
    );
  const invitations = org.may.manageMembers ? await listPendingInvitations(actor) : [];
  const myRole = org.me.role;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold">{org.name}</h1>
        <p className="mt-1 text-muted-foreground" data-testid="my-org-role">
          You are {orgRoleWithArticle(myRole)}: {ORG_ROLE_DESCRIPTIONS[myRole].toLowerCase()}.
          {org.closedAt && (
            <Badge variant="destructive" className="ml-2">
              closed {formatDateIn(org.closedAt, zone)}
            </Badge>
          )}
        </p>
      </header>

      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="text-xl font-semibold">
          Members ({org.members.length})
        </h2>
        {!org.may.manageMembers && !org.closedAt && (
          <p className="text-sm text-muted-foreground">Only owners and admins change members; only owners change roles.</p>
        )}
        <MembersTable
          members={org.members.map((m) => ({
            userId: m.userId,
            name: m.name,
            email: m.email,
            role: m.role,
            joined: formatDateIn(m.joinedAt, zone),
            projects: m.projects,
          }))}
          meId={org.me.userId}
          myRole={myRole}
          manageRoles={org.may.manageRoles}
          manageMembers={org.may.manageMembers}
        />
      </section>

      {org.may.manageMembers && (
        <>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Invite a member</CardTitle>
              <CardDescription>
                They get a link by e-mail that works once, for 7 days. Only that address can use it; nobody joins by e-mail domain.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <InviteForm canInviteOwner={myRole === "owner"} />
            </CardContent>
          </Card>
          <section aria-labelledby="invitations-heading" className="space-y-3">
            <h2 id="invitations-heading" className="text-xl font-semibold">
              Pending invitations
            </h2>
            <PendingInvitations
              invitations={invitations.map((i) => ({
                id: i.id,
                email: i.email,
                role: i.role,
                invitedBy: i.invitedBy,
                expires: formatDateTime(i.expiresAt, zone),
                mine: i.role !== "owner" || myRole === "owner",
              }))}
            />
          </section>
        </>
      )}

      {org.may.close && (
        <section aria-labelledby="close-heading" className="space-y-3 rounded-lg border border-destructive/40 p-4">
          <h2 id="close-heading" className="text-xl font-semibold">
            Close the organization
          </h2>
          <p className="text-sm text-muted-foreground">
            For an organization that stops its research on K12 Experts. Members keep their accounts.
          </p>
          <CloseOrganization name={org.name} />
        </section>
      )}
    </div>
  );
}
