// A district's research office declined a study: its staff's waiting invitations and applications
// end (declined by the system, with the district's reason), in the answer's transaction.
import "server-only";
import type { Tx } from "@/lib/platform/db";
import { endBySystem } from "@/lib/engagements/transitions";

export async function declineDistrictStaff(tx: Tx, projectId: string, leaid: string, reason: string) {
  const waiting = await tx.engagement.findMany({
    where: { projectId, state: { in: ["invited", "applied"] }, expert: { districtLeaid: leaid } },
    select: { id: true, state: true },
  });
  for (const e of waiting) await endBySystem(tx, e, { to: "declined", event: "district_declined", notice: "district_declined", reason });
  return waiting.length;
}
