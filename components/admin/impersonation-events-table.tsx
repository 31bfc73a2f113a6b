import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/platform/format";

type Event = {
  id: string;
  action: "start" | "stop" | "write" | "read";
  detail?: string | null;
  adminEmail: string;
  targetEmail: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
};

/** The audit trail: who viewed the product as whom, when and from where. */
export function ImpersonationEventsTable({ events, zone }: { events: Event[]; zone: string }) {
  if (events.length === 0) {
    return <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">No impersonation has been recorded yet.</p>;
  }
  return (
    <Table aria-label="Latest impersonation events">
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Admin</TableHead>
          <TableHead>Viewed as</TableHead>
          <TableHead>IP address</TableHead>
          <TableHead>User agent</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((e) => (
          <TableRow key={e.id} data-testid="impersonation-event">
            <TableCell className="whitespace-nowrap">{formatDateTime(e.createdAt, zone)}</TableCell>
            <TableCell>
              <Badge variant={e.action === "start" ? "warning" : "outline"}>{e.action}</Badge>
              {e.detail ? <span className="ml-2 text-xs text-muted-foreground">{e.detail}</span> : null}
            </TableCell>
            <TableCell className="break-all">{e.adminEmail}</TableCell>
            <TableCell className="break-all">{e.targetEmail}</TableCell>
            <TableCell>{e.ipAddress ?? "—"}</TableCell>
            <TableCell className="max-w-64 truncate" title={e.userAgent ?? undefined}>
              {e.userAgent ?? "—"}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
