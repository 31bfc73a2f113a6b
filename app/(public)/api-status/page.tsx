import type { Metadata } from "next";
import Link from "next/link";
import { Activity, Bell, CreditCard, Database, KeyRound, Search } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { getSystemStatus } from "@/lib/site/system-status";
import { getActor } from "@/lib/accounts/session";
import { can } from "@/lib/accounts/permissions";

export const metadata: Metadata = {
  title: "System Status",
  description:
    "Live status of K12 Experts: API, database round-trip time, sign-in, expert matching, payment processing and e-mail notifications.",
  alternates: { canonical: "/api-status" },
};

// Measured on every request; a cached status page would be a fake one.
export const dynamic = "force-dynamic";

const ago = (d: Date | null, now: Date) => {
  if (!d) return "none recorded yet";
  const s = Math.max(0, Math.round((now.getTime() - d.getTime()) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
};
const when = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 19) + " UTC" : undefined);

export default async function ApiStatusPage() {
  const [s, actor] = await Promise.all([getSystemStatus(), getActor().catch(() => null)]);
  const now = s.checkedAt;
  // Activity figures (sign-ins, payout timing, queued mail) are for admins; everyone else
  // sees whether each part is up, which is all a status page owes the public.
  const detailed = can(actor, "manage:user:any");
  const up = (ok: boolean) => (ok ? "Available" : "Unavailable");
  const publicCards = [
    {
      icon: Activity,
      title: "API Services",
      ok: true,
      value: `${s.checkMs} ms`,
      detail: "Time this server took to run every check on this page.",
    },
    {
      icon: Database,
      title: "Database",
      ok: s.database.ok,
      value: s.database.roundTripMs === null ? "Unreachable" : `${s.database.roundTripMs} ms`,
      detail: "PostgreSQL round-trip time for one query, measured now.",
    },
    { icon: KeyRound, title: "Authentication", ok: s.database.ok, value: up(s.database.ok), detail: "Signing in and registering." },
    { icon: Search, title: "Expert Matching", ok: s.database.ok, value: up(s.database.ok), detail: "Searching the expert directory." },
    { icon: CreditCard, title: "Payment Processing", ok: s.database.ok, value: up(s.database.ok), detail: "Payout requests and wallets." },
    {
      icon: Bell,
      title: "Notifications",
      ok: s.mail.reachable,
      value: s.mail.reachable ? "Mail server reachable" : "Mail server unreachable",
      detail: "E-mail for verification, password resets and contact messages.",
    },
  ];
  const adminCards = [
    {
      icon: Activity,
      title: "API Services",
      ok: true,
      value: `${s.checkMs} ms`,
      detail: "Time this server took to run every check on this page.",
    },
    {
      icon: Database,
      title: "Database",
      ok: s.database.ok,
      value: s.database.roundTripMs === null ? "Unreachable" : `${s.database.roundTripMs} ms`,
      detail: "PostgreSQL round-trip time for one query, measured now.",
    },
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
    {
      icon: Bell,
      title: "Notifications",
      ok: s.mail.reachable,
      value: s.mail.reachable ? "Mail server reachable" : "Mail server unreachable",
      detail: `${s.contact.unsent} contact ${s.contact.unsent === 1 ? "message" : "messages"} stored and waiting to be mailed.`,
    },
  ];
  const cards: { icon: typeof Activity; title: string; ok: boolean; value: string; detail: string; time?: Date | null }[] = detailed
    ? adminCards
    : publicCards;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">System Status</h1>
      <div
        role="status"
        data-testid="overall-status"
        className={`mt-6 rounded-lg border p-5 ${s.operational ? "border-success/40 bg-success/10" : "border-warning/40 bg-warning/10"}`}
      >
        <p className="text-lg font-semibold">{s.operational ? "All systems operational" : "Some systems are degraded"}</p>
        <p className="text-sm text-muted-foreground">
          Checked at <time dateTime={now.toISOString()}>{when(now)}</time>. Reload the page to check again.
        </p>
      </div>
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
      {detailed && (
        <section aria-labelledby="activity-heading" className="mt-10">
          <h2 id="activity-heading" className="text-xl font-semibold">
            Recent activity
          </h2>
          <ul className="mt-3 divide-y rounded-lg border">
            <li className="flex flex-wrap justify-between gap-2 p-4">
              <span>Latest successful sign-in</span>
              <span className="text-muted-foreground">{ago(s.lastSignInAt, now)}</span>
            </li>
            <li className="flex flex-wrap justify-between gap-2 p-4">
              <span>Latest contact message received</span>
              <span className="text-muted-foreground">{ago(s.contact.lastReceivedAt, now)}</span>
            </li>
            <li className="flex flex-wrap justify-between gap-2 p-4">
              <span>Latest completed payout</span>
              <span className="text-muted-foreground">{ago(s.payouts.lastPaidAt, now)}</span>
            </li>
            <li className="flex flex-wrap justify-between gap-2 p-4">
              <span>Latest expert search</span>
              <span className="text-muted-foreground">not recorded (searches are not logged)</span>
            </li>
          </ul>
        </section>
      )}
      <div className="mt-10 flex flex-wrap gap-3">
        <Button asChild>
          <Link href="/contact">Report an Issue</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/help-center">Support Center</Link>
        </Button>
      </div>
    </div>
  );
}
