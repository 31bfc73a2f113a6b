import Link from "next/link";
import { Button } from "@/components/ui/button";
import { WithdrawConsentDialog } from "@/components/study-consent/withdraw-consent-dialog";

/** On a card whose study consent the expert signed: their receipt, and the way to withdraw. */
export function ConsentLinks({ engagementId, signatureId, title }: { engagementId: string; signatureId: string; title: string }) {
  return (
    <>
      <Button size="sm" variant="ghost" asChild>
        <Link href={`/dashboard/consent/receipt/${signatureId}`} aria-label={`Consent receipt for ${title}`}>
          Consent receipt
        </Link>
      </Button>
      <WithdrawConsentDialog engagementId={engagementId} title={title} />
    </>
  );
}
