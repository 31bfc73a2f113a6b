import { TriangleAlert } from "lucide-react";
import { CONFLICT_NOTICE } from "@/lib/accounts/attestations";
import { TONE } from "@/components/ui/tone";
import { cn } from "@/lib/platform/utils";

/**
 * The declared relationship that matched this engagement's client, as each side
 * reads it. A server component: no JavaScript.
 */
export function ConflictNotice({ note, side }: { note: string | null; side: "expert" | "client" }) {
  if (!note) return null;
  return (
    <div role="note" data-testid="conflict-notice" className={cn("mt-2 flex gap-2 rounded-md border px-3 py-2 text-sm", TONE.warning)}>
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-medium">{side === "client" ? CONFLICT_NOTICE : "You declared a relationship with this client's organization"}</p>
        <p className="break-words">{note}</p>
      </div>
    </div>
  );
}
