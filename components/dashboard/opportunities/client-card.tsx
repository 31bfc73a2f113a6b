import { Building2 } from "@/components/ui/icons";

export type ClientCardView = { organization: string; clarity: number; respectOfTime: number; paymentSpeed: number; count: number };

/** Beside an invite: who the client is and how other experts rated them (visible ratings only). */
export function ClientCard({ card }: { card: ClientCardView }) {
  return (
    <aside
      className="grid gap-1 rounded-md bg-muted/40 p-3 text-sm"
      aria-label={`About ${card.organization || "this client"}`}
      data-testid="client-card"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <Building2 aria-hidden="true" className="size-4 text-muted-foreground" /> {card.organization || "Client"}
      </p>
      {card.count === 0 ? (
        <p className="text-muted-foreground">No ratings from experts yet.</p>
      ) : (
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          <div className="flex gap-1">
            <dt>Clarity</dt>
            <dd className="font-medium">{card.clarity.toFixed(1)}/5</dd>
          </div>
          <div className="flex gap-1">
            <dt>Respect of time</dt>
            <dd className="font-medium">{card.respectOfTime.toFixed(1)}/5</dd>
          </div>
          <div className="flex gap-1">
            <dt>Payment speed</dt>
            <dd className="font-medium">{card.paymentSpeed.toFixed(1)}/5</dd>
          </div>
          <div className="flex gap-1 text-muted-foreground">
            <dt className="sr-only">Ratings</dt>
            <dd>
              {card.count} {card.count === 1 ? "rating" : "ratings"} from experts
            </dd>
          </div>
        </dl>
      )}
    </aside>
  );
}
