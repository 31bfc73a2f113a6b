import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/session";
import { adminZone } from "@/lib/viewer-zone";
import { listLapsedWorkEmails } from "@/lib/services/work-email";
import { formatDateTime } from "@/lib/format";

export const metadata: Metadata = { title: "Lapsed school e-mails", description: "Experts whose school e-mail was not re-confirmed by September 30.", robots: { index: false } };

export default async function AdminTrustPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/trust");
  const zone = await adminZone();
  const rows = await listLapsedWorkEmails(actor);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Lapsed school e-mails</h1>
        <p className="text-sm text-muted-foreground">
          Experts who confirmed a school e-mail in an earlier school year and did not re-confirm it by September 30. Their badge is hidden until they do.
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border p-6 text-sm text-muted-foreground">No lapsed school e-mails.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Lapsed school e-mails">
          {rows.map((r) => (
            <li key={r.expertId} className="grid gap-1 rounded-lg border bg-card p-4 text-sm shadow-sm" data-testid="lapsed-work-email">
              <Link href={`/admin/experts/${r.expertId}`} className="font-semibold text-primary underline-offset-4 hover:underline">
                {r.name || "Unnamed expert"}
              </Link>
              <p className="text-muted-foreground">
                {r.domain} · last confirmed {formatDateTime(r.verifiedAt, zone)} for {r.schoolYearLabel}
                {r.reconfirmRequestedAt ? ` · asked to re-confirm ${formatDateTime(r.reconfirmRequestedAt, zone)}` : " · not asked yet"}
              </p>
              <p className="text-muted-foreground">
                {r.organizationName ?? "No organisation"}
                {r.state ? `, ${r.state}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
