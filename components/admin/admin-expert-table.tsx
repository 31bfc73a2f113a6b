import Link from "next/link";
import { BadgeCheck } from "@/components/ui/icons";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { VerificationBadge } from "@/components/admin/verification-badge";
import { formatDateIn, fullName } from "@/lib/platform/format";
import type { AdminExpertRow } from "@/lib/experts/views";
import { Badge } from "@/components/ui/badge";
import { VERIFICATION_DUE_BUSINESS_DAYS, waitLabel } from "@/lib/experts/verification-rules";
import { cn } from "@/lib/platform/utils";

/** How long a pending verification has waited, flagged once it is past the promised business days. */
function Waiting({ row }: { row: AdminExpertRow }) {
  if (!row.wait) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="verification-wait">
      <span className={cn("whitespace-nowrap", row.wait.overdue && "font-semibold text-destructive")}>{waitLabel(row.wait)}</span>
      {row.wait.overdue ? <Badge variant="destructive">Past {VERIFICATION_DUE_BUSINESS_DAYS} business days</Badge> : null}
    </span>
  );
}

export function AdminExpertTable({ rows, query, zone }: { rows: AdminExpertRow[]; query?: string; zone: string }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-8 text-center text-muted-foreground" data-testid="experts-empty">
        {query ? `No experts match “${query}”.` : "No experts have signed up yet."}
      </p>
    );
  }
  return (
    <Table aria-label="Experts">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Waiting</TableHead>
          <TableHead>LinkedIn</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((e) => (
          <TableRow
            key={e.id}
            data-testid="expert-row"
            data-overdue={e.wait?.overdue ? "true" : undefined}
            className={cn(e.wait?.overdue && "bg-destructive/5")}
          >
            <TableCell className="font-medium">{fullName(e.firstName, e.lastName)}</TableCell>
            <TableCell className="break-all">{e.email}</TableCell>
            <TableCell>{e.roleTitle ?? "—"}</TableCell>
            <TableCell>{e.state ?? "—"}</TableCell>
            <TableCell>
              <VerificationBadge status={e.verificationStatus} />
            </TableCell>
            <TableCell>
              <Waiting row={e} />
            </TableCell>
            <TableCell>
              {e.linkedinVerified ? (
                <span className="inline-flex items-center gap-1 text-success">
                  <BadgeCheck aria-hidden className="size-4" /> Verified
                </span>
              ) : (
                <span className="text-muted-foreground">Not verified</span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateIn(e.createdAt, zone)}</TableCell>
            <TableCell>
              <Link
                href={`/admin/experts/${e.id}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
                aria-label={`Review ${fullName(e.firstName, e.lastName)}`}
              >
                Review
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
