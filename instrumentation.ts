// Runs once when the server boots: a missing or malformed variable stops it with its name.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { validateEnvOrExit } = await import("@/lib/boot");
    validateEnvOrExit();
    // Every request carries its socket address from now on (client IPs, lib/request.ts).
    const { installPeerAddressHeader } = await import("@/lib/security/peer-address");
    installPeerAddressHeader();
    // Not during `next build`: there is no database then.
    if (process.env.NEXT_PHASE !== "phase-production-build") {
      // Every instance runs a job worker (mail, retries); the queue hands each job to one of them.
      const { startJobWorkerInServer } = await import("@/lib/jobs/worker");
      startJobWorkerInServer();
    }
  }
}

/** A page that failed because the database is unreachable marks the outage for proxy.ts. */
export async function onRequestError(error: unknown) {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { isDatabaseDown } = await import("@/lib/db-outage");
  isDatabaseDown(error);
}
