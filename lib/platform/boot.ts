import "server-only";
import { loadEnv } from "@/lib/platform/env";
import { logger } from "@/lib/platform/log.mjs";

export function validateEnvOrExit() {
  try {
    loadEnv();
  } catch (e) {
    logger.fatal(e instanceof Error ? e.message : String(e));
    logger.flush();
    process.exit(1);
  }
}
