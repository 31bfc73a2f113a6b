import { Badge } from "@/components/ui/badge";

const VARIANT = { verified: "success", pending: "warning", rejected: "destructive" } as const;

export function VerificationBadge({ status }: { status: "verified" | "pending" | "rejected" }) {
  return <Badge variant={VARIANT[status]}>{status}</Badge>;
}
