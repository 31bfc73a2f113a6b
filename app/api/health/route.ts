import { NextResponse } from "next/server";
import { db } from "@/lib/db";
import { NO_STORE } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

/** 200 when the database answers, 503 otherwise (for load balancers and compose). */
export async function GET() {
  const started = performance.now();
  try {
    await Promise.race([
      db().$queryRaw`SELECT 1`,
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3_000)),
    ]);
    return NextResponse.json({ success: true, data: { status: "ok", databaseMs: Math.round(performance.now() - started) } }, { headers: NO_STORE });
  } catch {
    return NextResponse.json({ success: false, error: "Database unreachable" }, { status: 503, headers: NO_STORE });
  }
}
