"use client";

import { RotateCw, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { resendInvitationAction, revokeInvitationAction } from "@/lib/organizations/actions/organizations";
import { ORG_ROLE_LABELS, type ORG_ROLE_VALUES } from "@/lib/organizations/schemas/organizations";

export type InvitationItem = {
  id: string;
  email: string;
  role: (typeof ORG_ROLE_VALUES)[number];
  invitedBy: string;
  expires: string;
  /** Owners' invitations are changed by owners only. */
  mine: boolean;
};

export function PendingInvitations({ invitations }: { invitations: InvitationItem[] }) {
  if (invitations.length === 0)
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="invitations-empty">
        No pending invitations.
      </p>
    );
  return (
    <Table aria-label="Pending invitations">
      <TableHeader>
        <TableRow>
          <TableHead>E-mail</TableHead>
          <TableHead>Role</TableHead>
          <TableHead className="hidden sm:table-cell">Invited by</TableHead>
          <TableHead className="hidden sm:table-cell">Expires</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invitations.map((i) => (
          <TableRow key={i.id} data-testid="invitation-row">
            <TableCell className="break-all">{i.email}</TableCell>
            <TableCell>{ORG_ROLE_LABELS[i.role]}</TableCell>
            <TableCell className="hidden sm:table-cell">{i.invitedBy}</TableCell>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">{i.expires}</TableCell>
            <TableCell>{i.mine && <InvitationActions invitation={i} />}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function InvitationActions({ invitation }: { invitation: InvitationItem }) {
  const resend = useActionRunner();
  const revoke = useActionRunner();
  return (
    <span className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={resend.pending}
        aria-busy={resend.pending}
        aria-label={`Resend the invitation to ${invitation.email}`}
        onClick={() =>
          resend.run(() => resendInvitationAction({ invitationId: invitation.id }), `Invitation sent again to ${invitation.email}`)
        }
      >
        {resend.pending ? <Spinner /> : <RotateCw aria-hidden="true" />} Resend
      </Button>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="outline" disabled={revoke.pending} aria-label={`Revoke the invitation to ${invitation.email}`}>
            {revoke.pending ? <Spinner /> : <X aria-hidden="true" />} Revoke
          </Button>
        }
        title={`Revoke the invitation to ${invitation.email}?`}
        description="Its link stops working at once. You can invite them again later."
        confirmLabel="Revoke invitation"
        destructive
        onConfirm={() => revoke.run(() => revokeInvitationAction({ invitationId: invitation.id }), "Invitation revoked")}
      />
    </span>
  );
}
