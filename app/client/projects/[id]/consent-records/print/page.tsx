import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { isAppError } from "@/lib/platform/errors";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { consentRecordsFor } from "@/lib/engagements/consent/records";
import { describeZone, formatDateTime } from "@/lib/platform/format";
import { WITHDRAWN_FLAG } from "@/lib/vocabulary/consent";
import { PrintButton } from "@/components/study-consent/print-button";
import { loadOwnProject } from "../../load-project";

export const metadata: Metadata = {
  title: "Consent records",
  description: "A study's consent signatures, for its IRB.",
  robots: { index: false },
};

/** The study's signature records as a page to print (or save as PDF) for the IRB. */
export default async function ConsentRecordsPrintPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const own = await loadOwnProject(id);
  if (!own) notFound();
  const [loaded, zone] = await Promise.all([
    consentRecordsFor(own.actor, id).catch((e) => {
      if (isAppError(e) && e.code === "NOT_FOUND") notFound();
      throw e;
    }),
    clientZoneOf(own.actor.userId),
  ]);
  const { project, records } = loaded;
  return (
    <div className="mx-auto grid max-w-5xl gap-4 px-4 py-8 print:p-0">
      <p className="text-sm print:hidden">
        <Link href={`/client/projects/${id}`} className="text-primary underline-offset-4 hover:underline">
          Back to the project
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words">Consent records: {project.title}</h1>
      <p className="text-sm text-muted-foreground">
        {records.length} {records.length === 1 ? "signature" : "signatures"}. Times in {describeZone(zone)}, with UTC beside them. Printed{" "}
        {formatDateTime(new Date(), zone)}.
      </p>
      <div className="print:hidden">
        <PrintButton />
      </div>
      {records.length === 0 ? (
        <p>No one has signed this study&apos;s consent form yet.</p>
      ) : (
        <ol className="grid gap-3">
          {records.map((r) => (
            <li key={r.signatureId} className="grid gap-1 rounded-md border p-3 text-sm break-inside-avoid" data-testid="consent-record">
              <p className="font-semibold">
                {r.participant} signed “{r.typedName}”
              </p>
              <p>
                Version {r.version} · {formatDateTime(r.signedAt, zone)} ({r.signedAt.toISOString()} UTC)
              </p>
              <p className="font-mono text-xs break-all">SHA-256 {r.sha256}</p>
              <p className="text-xs break-all text-muted-foreground">
                {r.participantId ? `Participant id ${r.participantId} · ` : ""}
                {r.engagementId ? `Engagement ${r.engagementId} · ` : ""}IP {r.ipAddress ?? "not recorded"} ·{" "}
                {r.userAgent ?? "browser not recorded"}
              </p>
              {r.withdrawnAt && (
                <p className="font-semibold text-destructive">
                  {WITHDRAWN_FLAG} (withdrew {formatDateTime(r.withdrawnAt, zone)})
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
