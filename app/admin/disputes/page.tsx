import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { listOpenDisputes } from "@/lib/money/earnings";
import { formatDateTime, formatMoney, fullName } from "@/lib/platform/format";
import { ResolveDisputeForm } from "@/components/admin/resolve-dispute-form";
import { ResolveNoShowReportForm } from "@/components/admin/resolve-no-show-report-form";
import { listOpenNoShowClaims } from "@/lib/engagements/no-show-claims";

export const metadata: Metadata = {
  title: "Disputes",
  description: "Quality review disputes waiting for a decision.",
  robots: { index: false },
};

export default async function AdminDisputesPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/disputes");
  const zone = await adminZone();
  const [disputes, reports] = await Promise.all([listOpenDisputes(actor), listOpenNoShowClaims(actor)]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Disputes</h1>
        <p className="text-sm text-muted-foreground">
          A dispute holds a session&apos;s earnings until you resolve it: to the expert (released to Available) or back to the client. Both
          sides read your note.
        </p>
      </div>
      {disputes.length === 0 ? (
        <p className="rounded-lg border p-6 text-sm text-muted-foreground">No open disputes.</p>
      ) : (
        <ul className="grid gap-4">
          {disputes.map((d) => {
            const expert = d.engagement.expert.user;
            return (
              <li key={d.id} className="grid gap-3 rounded-lg border bg-card p-4 text-sm shadow-sm" data-testid="dispute">
                <div>
                  <h2 className="text-base font-semibold">{d.engagement.project.title}</h2>
                  <p className="text-muted-foreground">
                    {d.engagement.project.organization.name} disputes {fullName(expert.firstName, expert.lastName)}&apos;s session ·{" "}
                    {formatMoney(d.amountCents)} · opened {d.disputedAt ? formatDateTime(d.disputedAt, zone) : ""}
                  </p>
                </div>
                <blockquote className="border-l-2 pl-2 whitespace-pre-line">{d.disputeReason}</blockquote>
                <ResolveDisputeForm earningId={d.id} />
              </li>
            );
          })}
        </ul>
      )}
      <section aria-labelledby="no-show-reports" className="space-y-3">
        <div>
          <h2 id="no-show-reports" className="text-xl font-semibold">
            Missed sessions reported by experts
          </h2>
          <p className="text-sm text-muted-foreground">
            An expert says the client did not run the session. Nothing is booked until you decide: the client no-show fee to the expert, or
            the client&apos;s own record stands. Both sides read your note.
          </p>
        </div>
        {reports.length === 0 ? (
          <p className="rounded-lg border p-6 text-sm text-muted-foreground">No open reports.</p>
        ) : (
          <ul className="grid gap-4">
            {reports.map((r) => (
              <li key={r.id} className="grid gap-3 rounded-lg border bg-card p-4 text-sm shadow-sm" data-testid="no-show-report">
                <div>
                  <h3 className="text-base font-semibold">{r.projectTitle}</h3>
                  <p className="text-muted-foreground">
                    {r.expertName} reports that {r.organizationName} did not attend
                    {r.sessionStartsAt ? ` the session of ${formatDateTime(r.sessionStartsAt, zone)}` : ""} · client&apos;s record:{" "}
                    {r.clientRecord} · fee {formatMoney(r.feeCents)} · reported {formatDateTime(r.openedAt, zone)}
                  </p>
                </div>
                <blockquote className="border-l-2 pl-2 whitespace-pre-line">{r.reason}</blockquote>
                <ResolveNoShowReportForm claimId={r.id} fee={formatMoney(r.feeCents)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
