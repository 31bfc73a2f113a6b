import { formatDateTime } from "@/lib/platform/format";
import { WITHDRAWN_FLAG } from "@/lib/vocabulary/consent";

/** On the client's card: the participant withdrew their consent, so their data is to be deleted. */
export function ConsentWithdrawnFlag({
  withdrawnAt,
  participantId,
  zone,
}: {
  withdrawnAt: Date | null;
  participantId: string;
  zone: string;
}) {
  if (!withdrawnAt) return null;
  return (
    <p role="note" className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm" data-testid="consent-withdrawn-flag">
      <span className="font-semibold">{WITHDRAWN_FLAG}</span>
      <span className="block text-xs">
        Withdrew {formatDateTime(withdrawnAt, zone)} · participant id{" "}
        <span className="font-mono break-all select-all">{participantId}</span>
      </span>
    </p>
  );
}
