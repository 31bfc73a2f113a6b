import { ok } from "@/lib/accounts/api-handler";

export const dynamic = "force-dynamic";

/**
 * Liveness: 200 whenever the process answers. It reads no database on purpose, so a
 * PostgreSQL outage never makes an orchestrator restart healthy app processes; whether the
 * app can serve is /api/ready's question.
 */
export function GET() {
  return ok({ status: "ok" });
}
