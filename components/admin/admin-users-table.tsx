import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { VerificationBadge } from "@/components/admin/verification-badge";
import { ImpersonateButton } from "@/components/admin/impersonate-button";
import { AccountStatusButton } from "@/components/admin/account-status-button";
import { AccountOpenItemsList } from "@/components/admin/account-open-items";
import { formatDateIn, fullName } from "@/lib/platform/format";
import type { AccountOpenItems } from "@/lib/admin/account-holds";

type Row = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  disabledAt: Date | null;
  roles: ("admin" | "client" | "expert")[];
  expert: { id: string; roleTitle: string | null; verificationStatus: "verified" | "pending" | "rejected" } | null;
  openItems: AccountOpenItems | null;
};

function disabledReason(row: Row, selfId: string) {
  if (row.id === selfId) return "this is you";
  if (row.roles.includes("admin")) return "admins cannot be impersonated";
  if (row.roles.length === 0) return "no role";
  if (row.disabledAt) return "account disabled";
  return undefined;
}

export function AdminUsersTable({ rows, query, selfId, zone }: { rows: Row[]; query?: string; selfId: string; zone: string }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-8 text-center text-muted-foreground" data-testid="users-empty">
        {query ? `No users match “${query}”.` : "No users yet."}
      </p>
    );
  }
  return (
    <Table aria-label="Users">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Roles</TableHead>
          <TableHead>Expert info</TableHead>
          <TableHead>Joined</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((u) => (
          <TableRow key={u.id} data-testid="user-row">
            <TableCell className="font-medium">
              {fullName(u.firstName, u.lastName)}
              {u.disabledAt && (
                <Badge variant="destructive" className="ml-2">
                  disabled
                </Badge>
              )}
              {u.openItems && (
                <details className="mt-2 font-normal" data-testid="disabled-open-items">
                  <summary className="cursor-pointer text-sm text-primary">What is open</summary>
                  <div className="mt-2">
                    <AccountOpenItemsList items={u.openItems} zone={zone} />
                  </div>
                </details>
              )}
            </TableCell>
            <TableCell className="break-all">{u.email}</TableCell>
            <TableCell>
              <span className="flex flex-wrap gap-1">
                {u.roles.length ? (
                  u.roles.map((r) => (
                    <Badge key={r} variant={r === "admin" ? "default" : "secondary"}>
                      {r}
                    </Badge>
                  ))
                ) : (
                  <span className="text-muted-foreground">none</span>
                )}
              </span>
            </TableCell>
            <TableCell>
              {u.expert ? (
                <span className="flex flex-wrap items-center gap-2">
                  <Link href={`/admin/experts/${u.expert.id}`} className="text-primary underline-offset-4 hover:underline">
                    {u.expert.roleTitle ?? "Expert profile"}
                  </Link>
                  <VerificationBadge status={u.expert.verificationStatus} />
                </span>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateIn(u.createdAt, zone)}</TableCell>
            <TableCell>
              <span className="flex flex-wrap gap-2">
                <ImpersonateButton userId={u.id} email={u.email} disabledReason={disabledReason(u, selfId)} />
                {u.id !== selfId && !u.roles.includes("admin") && (
                  <AccountStatusButton userId={u.id} email={u.email} disabled={Boolean(u.disabledAt)} zone={zone} />
                )}
                {/* A data request: every consent the user gave, with version, time, IP and browser. */}
                <a
                  href={`/api/admin/users/${u.id}/consents`}
                  download
                  className="self-center text-sm text-primary underline-offset-4 hover:underline"
                  aria-label={`Download consent history of ${u.email} (CSV)`}
                >
                  Consents CSV
                </a>
              </span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
