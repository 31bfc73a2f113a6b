import { BadgeCheck, Briefcase, Clock, HandCoins, UserX, Users, Building2 } from "@/components/ui/icons";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/platform/format";

type Stats = {
  experts: { total: number; verified: number; pending: number; rejected: number };
  clients: number;
  users: number;
  openOpportunities: number;
  pendingPayouts: { count: number; amountCents: number };
};

/** The dashboard's stat cards, counted from the database at most a minute before (lib/admin/stats.ts). */
export function AdminStatCards({ stats }: { stats: Stats }) {
  const cards = [
    { label: "Total Experts", value: stats.experts.total, icon: Users, note: null },
    { label: "Verified Experts", value: stats.experts.verified, icon: BadgeCheck, note: null },
    { label: "Pending Review", value: stats.experts.pending, icon: Clock, note: null },
    { label: "Rejected Experts", value: stats.experts.rejected, icon: UserX, note: null },
    { label: "Clients", value: stats.clients, icon: Building2, note: null },
    { label: "All Users", value: stats.users, icon: Users, note: null },
    { label: "Open Opportunities", value: stats.openOpportunities, icon: Briefcase, note: null },
    { label: "Payouts Pending", value: stats.pendingPayouts.count, icon: HandCoins, note: formatMoney(stats.pendingPayouts.amountCents) },
  ];
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        Platform statistics
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(({ label, value, icon: Icon, note }) => (
          <li key={label}>
            <Card className="h-full" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}>
              <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
                <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
                  {label}
                </CardTitle>
                <Icon aria-hidden className="size-4 text-muted-foreground" />
              </CardHeader>
              <CardContent>
                <p className="text-2xl font-bold" data-testid="stat-value">
                  {value}
                </p>
                {note && <p className="text-xs text-muted-foreground">{note} awaiting payment</p>}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground">Counted within the last minute.</p>
    </section>
  );
}
