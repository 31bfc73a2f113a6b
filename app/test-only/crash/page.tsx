import { notFound } from "next/navigation";
import { connection } from "next/server";
import { testRoutesEnabled } from "@/lib/platform/env";

export const metadata = { robots: { index: false } };

/**
 * /test-only/crash fails while rendering on the server: the e2e tests check that the error screen
 * shows the digest the server logged with the stack. TEST_ROUTES=1 only; elsewhere 404.
 */
export default async function CrashPage() {
  await connection();
  if (!testRoutesEnabled()) notFound();
  throw new Error("Deliberate failure from /test-only/crash");
}
