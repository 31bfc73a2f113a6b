import Link from "next/link";
import { BadgeCheck } from "lucide-react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { VerificationBadge } from "@/components/admin/verification-badge";
import { formatDateIn, fullName } from "@/lib/format";
import type { AdminExpertRow } from "@/lib/views";

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
          <TableHead>LinkedIn</TableHead>
          <TableHead>Created</TableHead>
          <TableHead><span className="sr-only">Actions</span></TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((e) => (
          <TableRow key={e.id} data-testid="expert-row">
            <TableCell className="font-medium">{fullName(e.firstName, e.lastName)}</TableCell>
            <TableCell className="break-all">{e.email}</TableCell>
            <TableCell>{e.roleTitle ?? "—"}</TableCell>
            <TableCell>{e.state ?? "—"}</TableCell>
            <TableCell><VerificationBadge status={e.verificationStatus} /></TableCell>
            <TableCell>
              {e.linkedinVerified ? (
                <span className="inline-flex items-center gap-1 text-success"><BadgeCheck aria-hidden className="size-4" /> Verified</span>
              ) : (
                <span className="text-muted-foreground">Not verified</span>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateIn(e.createdAt, zone)}</TableCell>
            <TableCell>
              <Link href={`/admin/experts/${e.id}`} className="font-medium text-primary underline-offset-4 hover:underline" aria-label={`Review ${fullName(e.firstName, e.lastName)}`}>
                Review
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
