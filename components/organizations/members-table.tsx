"use client";

import { useId, useState } from "react";
import { LogOut, UserMinus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { changeMemberRoleAction, leaveOrganizationAction, removeMemberAction } from "@/lib/organizations/actions/organizations";
import { ORG_ROLE_LABELS, ORG_ROLE_VALUES } from "@/lib/organizations/schemas/organizations";
import { orgRoleWithArticle } from "@/lib/accounts/org-role-names";

type Role = (typeof ORG_ROLE_VALUES)[number];
export type MemberItem = { userId: string; name: string; email: string; role: Role; joined: string; projects: number };

type Props = {
  members: MemberItem[];
  meId: string;
  myRole: Role;
  manageRoles: boolean;
  manageMembers: boolean;
};

/** The members, with a role picker for owners, Remove for admins and owners, and Leave on your own row. */
export function MembersTable({ members, meId, myRole, manageRoles, manageMembers }: Props) {
  const successors = members.filter((m) => m.role === "researcher" || m.role === "owner");
  return (
    <Table aria-label="Members">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Role</TableHead>
          <TableHead className="hidden sm:table-cell">Joined</TableHead>
          <TableHead className="hidden md:table-cell">Projects</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {members.map((m) => {
          const me = m.userId === meId;
          const removable = manageMembers && !me && (m.role !== "owner" || myRole === "owner");
          return (
            <TableRow key={m.userId} data-testid="member-row">
              <TableCell>
                <span className="font-medium">{m.name}</span>
                {me && (
                  <Badge variant="secondary" className="ml-2">
                    you
                  </Badge>
                )}
                <span className="block text-sm break-all text-muted-foreground">{m.email}</span>
              </TableCell>
              <TableCell>
                {manageRoles ? <RolePicker member={m} /> : <span data-testid="member-role">{ORG_ROLE_LABELS[m.role]}</span>}
              </TableCell>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">{m.joined}</TableCell>
              <TableCell className="hidden tabular-nums md:table-cell">{m.projects}</TableCell>
              <TableCell>
                {me ? (
                  <LeaveButton />
                ) : removable ? (
                  <RemoveDialog member={m} successors={successors.filter((s) => s.userId !== m.userId)} />
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function RolePicker({ member }: { member: MemberItem }) {
  const { pending, run } = useActionRunner();
  const [role, setRole] = useState<Role>(member.role);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // A separate Save button: arrow keys on a focused select change its value, which must not change a role by itself.
  return (
    <form
      className="flex items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        run(
          () => changeMemberRoleAction({ userId: member.userId, role }),
          `${member.name} is now ${orgRoleWithArticle(role)}`,
          (ok, result) => {
            if (!result.ok) setError(result.fieldErrors?.role?.[0] ?? null);
          },
          ["role"],
        );
      }}
    >
      <div className="w-36">
        <Label htmlFor={id} className="sr-only">
          Role of {member.name}
        </Label>
        <NativeSelect
          id={id}
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {ORG_ROLE_VALUES.map((r) => (
            <option key={r} value={r}>
              {ORG_ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={pending || role === member.role}
        aria-label={`Save the role of ${member.name}`}
      >
        {pending && <Spinner />} Save
      </Button>
    </form>
  );
}

function RemoveDialog({ member, successors }: { member: MemberItem; successors: MemberItem[] }) {
  const { pending, run } = useActionRunner();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState(successors[0]?.userId ?? "");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const needsSuccessor = member.projects > 0;
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setError(null);
          setTo(successors[0]?.userId ?? "");
        }
        setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Remove ${member.name}`}>
          <UserMinus aria-hidden="true" /> Remove
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove {member.name} from the organization?</AlertDialogTitle>
          <AlertDialogDescription>
            They keep their account, in an organization of their own, and lose access to this one&apos;s projects, experts and billing.
            {needsSuccessor
              ? ` Their ${member.projects === 1 ? "project stays" : `${member.projects} projects stay`} here, with the member you choose.`
              : " Any running studies they lead stay here, with the member you choose."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor={id}>Who takes over their projects</Label>
          <NativeSelect
            id={id}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
          >
            {successors.length === 0 && <option value="">No researcher or owner to choose</option>}
            {successors.map((s) => (
              <option key={s.userId} value={s.userId}>
                {s.name} ({ORG_ROLE_LABELS[s.role]})
              </option>
            ))}
          </NativeSelect>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Only researchers and owners run projects.
          </p>
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={pending}
            onClick={(e) => {
              e.preventDefault();
              setError(null);
              run(
                () => removeMemberAction({ userId: member.userId, reassignToUserId: to || undefined }),
                `${member.name} was removed`,
                (ok, result) => {
                  if (ok) setOpen(false);
                  else if (!result.ok) setError(result.fieldErrors?.reassignToUserId?.[0] ?? null);
                },
                ["reassignToUserId"],
              );
            }}
          >
            {pending && <Spinner />} Remove member
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function LeaveButton() {
  const { pending, run } = useActionRunner();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline" disabled={pending} aria-busy={pending}>
          {pending ? <Spinner /> : <LogOut aria-hidden="true" />} Leave
        </Button>
      }
      title="Leave this organization?"
      description="You keep your account, in a new organization of your own. The projects you lead stay here, with an owner. To come back you need a new invitation."
      confirmLabel="Leave organization"
      destructive
      onConfirm={() => run(() => leaveOrganizationAction({}), "You left the organization")}
    />
  );
}
