import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDay } from "@/lib/platform/format";

type Row = { expertId: string; name: string; roleTitle: string | null; invites: number; open: number; invitesPausedUntil: string | null };

/** Invites received per expert (last 30 days), open invites now and any pause, most invites first. */
export function InviteLoadTable({ rows }: { rows: Row[] }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-8 text-center text-muted-foreground" data-testid="invite-load-empty">
        No expert has received an invite in the last 30 days, and no invite is open.
      </p>
    );
  }
  return (
    <Table aria-label="Invites received per expert">
      <TableHeader>
        <TableRow>
          <TableHead>Expert</TableHead>
          <TableHead>Role</TableHead>
          <TableHead className="text-right">Invites (30 days)</TableHead>
          <TableHead className="text-right">Open now</TableHead>
          <TableHead>Invites paused until</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.expertId} data-testid="invite-load-row">
            <TableCell className="font-medium">
              <Link href={`/admin/experts/${r.expertId}`} className="text-primary underline-offset-4 hover:underline">
                {r.name}
              </Link>
            </TableCell>
            <TableCell>{r.roleTitle ?? "—"}</TableCell>
            <TableCell className="text-right tabular-nums">{r.invites}</TableCell>
            <TableCell className="text-right tabular-nums">{r.open}</TableCell>
            <TableCell>
              {r.invitesPausedUntil ? (
                <Badge variant="secondary">{formatDay(r.invitesPausedUntil)}</Badge>
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
