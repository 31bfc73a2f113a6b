import { Activity, Bell, CreditCard, Database, KeyRound, Search } from "@/components/ui/icons";
import type { SystemStatus } from "@/lib/site/system-status";

// The status page's cards: every visitor sees whether each part is up; an admin sees the
// activity behind it (sign-ins, payout timing, queued mail) and the latest of each.

type StatusCard = { icon: typeof Activity; title: string; ok: boolean; value: string; detail: string; time?: Date | null };

/** "12 min ago", or that nothing was recorded yet. */
const ago = (d: Date | null, now: Date) => {
  if (!d) return "none recorded yet";
  const s = Math.max(0, Math.round((now.getTime() - d.getTime()) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
};

/** An instant as "2026-11-29 02:37:08 UTC". */
export const when = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 19) + " UTC" : undefined);

/** The six parts of the platform, each with what this visitor may read of it. */
export function statusCards(s: SystemStatus, detailed: boolean): StatusCard[] {
  const now = s.checkedAt;
  const up = (ok: boolean) => (ok ? "Available" : "Unavailable");
  const api = {
    icon: Activity,
    title: "API Services",
    ok: true,
    value: `${s.checkMs} ms`,
    detail: "Time this server took to run every check on this page.",
  };
  const database = {
    icon: Database,
    title: "Database",
    ok: s.database.ok,
    value: s.database.roundTripMs === null ? "Unreachable" : `${s.database.roundTripMs} ms`,
    detail: "PostgreSQL round-trip time for one query, measured now.",
  };
  const mail = {
    icon: Bell,
    title: "Notifications",
    ok: s.mail.reachable,
    value: s.mail.reachable ? "Mail server reachable" : "Mail server unreachable",
  };
  if (!detailed)
    return [
      api,
      database,
      { icon: KeyRound, title: "Authentication", ok: s.database.ok, value: up(s.database.ok), detail: "Signing in and registering." },
      { icon: Search, title: "Expert Matching", ok: s.database.ok, value: up(s.database.ok), detail: "Searching the expert directory." },
      {
        icon: CreditCard,
        title: "Payment Processing",
        ok: s.database.ok,
        value: up(s.database.ok),
        detail: "Payout requests and wallets.",
      },
      { ...mail, detail: "E-mail for verification, password resets and contact messages." },
    ];
  return [
    api,
    database,
    {
      icon: KeyRound,
      title: "Authentication",
      ok: s.database.ok,
      value: ago(s.lastSignInAt, now),
      detail: `Latest successful sign-in. ${s.signIns24h} successful sign-ins in the last 24 hours.`,
      time: s.lastSignInAt,
    },
    {
      icon: Search,
      title: "Expert Matching",
      ok: s.database.ok,
      value: `${s.verifiedPublicExperts} experts`,
      detail: "Verified public profiles clients can search now. Searches themselves are not logged, so no latest-search time is shown.",
    },
    {
      icon: CreditCard,
      title: "Payment Processing",
      ok: s.database.ok,
      value: `${s.payouts.processing} processing`,
      detail: `Payouts currently processing. Latest completed payout: ${ago(s.payouts.lastPaidAt, now)}.`,
      time: s.payouts.lastPaidAt,
    },
    { ...mail, detail: `${s.contact.unsent} contact ${s.contact.unsent === 1 ? "message" : "messages"} stored and waiting to be mailed.` },
  ];
}

/** One card per part: up or down, its figure and what the figure means. */
export function StatusCards({ cards }: { cards: StatusCard[] }) {
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((c) => (
        <li key={c.title} className="rounded-lg border p-5">
          <div className="flex items-center justify-between gap-2">
            <h2 className="flex items-center gap-2 font-semibold">
              <c.icon aria-hidden className="size-4 text-primary" /> {c.title}
            </h2>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${c.ok ? "bg-success text-success-foreground" : "bg-destructive text-destructive-foreground"}`}
            >
              {c.ok ? "Operational" : "Down"}
            </span>
          </div>
          <p className="mt-3 text-2xl font-semibold" title={when(c.time ?? null)}>
            {c.value}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{c.detail}</p>
        </li>
      ))}
    </ul>
  );
}

/** For admins: the latest of each kind of activity. */
export function RecentActivity({ s }: { s: SystemStatus }) {
  const now = s.checkedAt;
  const rows = [
    ["Latest successful sign-in", ago(s.lastSignInAt, now)],
    ["Latest contact message received", ago(s.contact.lastReceivedAt, now)],
    ["Latest completed payout", ago(s.payouts.lastPaidAt, now)],
    ["Latest expert search", "not recorded (searches are not logged)"],
  ];
  return (
    <section aria-labelledby="activity-heading" className="mt-10">
      <h2 id="activity-heading" className="text-xl font-semibold">
        Recent activity
      </h2>
      <ul className="mt-3 divide-y rounded-lg border">
        {rows.map(([label, value]) => (
          <li key={label} className="flex flex-wrap justify-between gap-2 p-4">
            <span>{label}</span>
            <span className="text-muted-foreground">{value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
