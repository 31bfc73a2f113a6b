import "server-only";
import { loadEnv } from "@/lib/env";

export function validateEnvOrExit() {
  try {
    loadEnv();
  } catch (e) {
    console.error(`\n${e instanceof Error ? e.message : e}\n`);
    process.exit(1);
  }
}
