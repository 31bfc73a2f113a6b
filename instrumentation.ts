// Runs once when the server boots: a missing or malformed variable stops it with its name.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { validateEnvOrExit } = await import("@/lib/boot");
    validateEnvOrExit();
  }
}
