import type { Actor } from "@/lib/accounts/actor";

/** The officer's queue of requests (filled in by the approvals step). */
export async function OfficerQueueSection(_props: { actor: Actor; leaid: string; districtName: string }) {
  return null;
}
