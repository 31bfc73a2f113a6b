import { STATE_LABELS } from "@/lib/engagements/states";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import type { AccountOpenItems } from "@/lib/admin/account-holds";

/**
 * What an account has open, for the admin deciding about it: engagements under way, earnings
 * in review or dispute, the balance ready to cash out and payouts not yet paid. Disabling leaves
 * all of it as it is until an admin settles it.
 */
export function AccountOpenItemsList({ items, zone }: { items: AccountOpenItems; zone: string }) {
  const nothing =
    items.engagementCount === 0 && items.pendingEarnings.count === 0 && items.availableCents === 0 && items.payouts.length === 0;
  if (nothing) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="open-items-empty">
        Nothing open: no engagement under way, no earnings in review and no payout waiting.
      </p>
    );
  }
  return (
    <div className="space-y-2 text-sm" data-testid="open-items">
      {items.engagementCount > 0 && (
        <div>
          <p className="font-medium">Open engagements ({items.engagementCount})</p>
          <ul className="list-disc space-y-1 pl-5">
            {items.engagements.map((e) => (
              <li key={e.id} data-testid="open-engagement">
                {e.projectTitle}: {STATE_LABELS[e.state].toLowerCase()}, {e.side === "client" ? "expert" : "client"} {e.otherParty}
                {e.sessionStartsAt && <>, session {formatDateTime(e.sessionStartsAt, zone)}</>}
              </li>
            ))}
          </ul>
          {items.engagementCount > items.engagements.length && (
            <p className="text-muted-foreground">and {items.engagementCount - items.engagements.length} more.</p>
          )}
        </div>
      )}
      {items.pendingEarnings.count > 0 && (
        <p data-testid="open-earnings">
          Earnings in review or dispute: {items.pendingEarnings.count} ({formatMoney(items.pendingEarnings.cents)})
        </p>
      )}
      {items.availableCents > 0 && <p data-testid="open-available">Available to cash out: {formatMoney(items.availableCents)}</p>}
      {items.payouts.length > 0 && (
        <div>
          <p className="font-medium">Payouts not yet paid ({items.payouts.length})</p>
          <ul className="list-disc space-y-1 pl-5">
            {items.payouts.map((p) => (
              <li key={p.id} data-testid="open-payout">
                {formatMoney(p.amountCents)}, {p.status}, requested {formatDateTime(p.createdAt, zone)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-muted-foreground">
        Booked money stays as it is until an admin settles it: sessions of a disabled account are not completed automatically.
      </p>
    </div>
  );
}
