import path from "node:path";
import { defineConfig } from "vitest/config";

const INTEGRATION = "tests/integration/**/*.test.ts";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside React server bundles; tests call services directly.
      "server-only": path.resolve(import.meta.dirname, "tests/setup/empty.ts"),
    },
  },
  test: {
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        // Every test file outside tests/integration, so a test file anywhere else is never left
        // out. No PostgreSQL is started for these: starting it and copying a database per file
        // cost more than the tests themselves.
        extends: true,
        test: {
          name: "unit",
          include: ["tests/**/*.test.ts", "lib/**/*.test.ts"],
          exclude: [INTEGRATION, "**/node_modules/**"],
          setupFiles: ["tests/setup/unit-env.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: [INTEGRATION],
          globalSetup: ["tests/setup/global-db.ts"],
          setupFiles: ["tests/setup/file-db.ts"],
        },
      },
    ],
  },
});
