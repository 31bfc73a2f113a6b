import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "@/lib/platform/validation/zod";
import { requirePageRole } from "@/lib/accounts/session";
import { isAppError } from "@/lib/platform/errors";
import { consentReceipt } from "@/lib/engagements/consent/signatures";
import { describeZone } from "@/lib/platform/format";
import { Button } from "@/components/ui/button";
import { SignedAt } from "@/components/study-consent/signed-at";
import { WithdrawConsentDialog } from "@/components/study-consent/withdraw-consent-dialog";
import { Missing } from "@/components/study-consent/missing";

export const metadata: Metadata = {
  title: "Consent receipt",
  description: "The record of a consent you signed.",
  robots: { index: false },
};

/** The expert's receipt for one signature: the whole record, and the way to withdraw. */
export default async function ConsentReceiptPage({ params }: { params: Promise<{ signatureId: string }> }) {
  const { signatureId } = await params;
  const actor = await requirePageRole(["expert"], "/expert/login", `/dashboard/consent/receipt/${signatureId}`);
  if (!z.uuid().safeParse(signatureId).success) notFound();
  const r = await consentReceipt(actor, signatureId).catch((e) => {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  });
  if (!r) return <Missing text="This receipt could not be found." />;
  const zone = r.expert.timeZone;
  const rows: [string, React.ReactNode][] = [
    ["Study", r.document.project.title],
    ["Consent form", `Version ${r.documentVersion} (${r.document.fileName})`],
    [
      "SHA-256 fingerprint",
      <span key="h" className="break-all">
        {r.documentSha256}
      </span>,
    ],
    ["Signed with the name", r.typedName],
    ["Signed", <SignedAt key="t" at={r.signedAt} zone={zone} />],
    ["Your time zone", describeZone(zone)],
    ["IP address", r.ipAddress ?? "Not recorded"],
    [
      "Browser",
      <span key="b" className="break-all">
        {r.userAgent ?? "Not recorded"}
      </span>,
    ],
    ["Status", r.withdrawnAt ? "You withdrew your consent" : "Consent given"],
  ];
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <div>
        <p className="text-sm text-muted-foreground">
          <Link href="/dashboard?tab=opportunities" className="underline underline-offset-4">
            Back to your studies
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold">Consent receipt</h1>
      </div>
      <dl className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[12rem_1fr]" data-testid="consent-receipt">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
            <dd className="text-sm">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={`/api/study-documents/${r.documentId}?download=1`}>Download the form you signed</a>
        </Button>
        {r.engagementId && !r.withdrawnAt ? <WithdrawConsentDialog engagementId={r.engagementId} title={r.document.project.title} /> : null}
      </div>
    </div>
  );
}
