// Runs once when the server boots: a missing or malformed variable stops it with its name.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { validateEnvOrExit } = await import("@/lib/platform/boot");
    validateEnvOrExit();
    // Every request carries its socket address from now on (client IPs, lib/platform/request.ts).
    const { installPeerAddressHeader } = await import("@/lib/platform/security/peer-address");
    installPeerAddressHeader();
    // Not during `next build`: there is no database then.
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      // Every instance runs a job worker (mail, retries); the queue hands each job to one of them.
      const { startJobWorkerInServer } = await import("@/lib/jobs/worker");
      startJobWorkerInServer();
      // Payment ciphertexts from before their row-and-field binding are re-sealed (idempotent).
      const { upgradeLegacyPaymentDataAtBoot } = await import("@/lib/money/payment-data/payment-data-upgrade");
      upgradeLegacyPaymentDataAtBoot();
    }
  }
}

type RequestInfo = { path: string; method: string };
type ErrorContext = { routePath: string; routeType: string };

/**
 * Every error Next catches while serving: logged with its stack under the digest the error page
 * shows as its "Error ID", so support can find it. A page that failed because the database is
 * unreachable also marks the outage for proxy.ts.
 */
export async function onRequestError(error: unknown, request: RequestInfo, context: ErrorContext) {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ isDatabaseDown }, { loggerFor }] = await Promise.all([import("@/lib/platform/db-outage"), import("@/lib/platform/log.mjs")]);
  const digest = (error as { digest?: unknown } | null)?.digest;
  loggerFor("next").error(
    {
      err: error,
      digest: typeof digest === "string" ? digest : undefined,
      method: request.method,
      path: request.path.split("?", 1)[0],
      route: context.routePath,
      routeType: context.routeType,
    },
    "request failed",
  );
  isDatabaseDown(error);
}
